// The manager's wizard step by step, for the journeys of the practice's start (issue 39,
// decisions 121, 130): the practice's details, its two shared documents, the practitioners to
// invite, and the wait until the service worker controls the page (offline steps need it).
import { expect, type Page } from '@playwright/test';
import { makePdf } from './wizard-helpers.ts';

const stamp = Date.now();
export const address = (who: string, run: string) =>
  `${who}.${run}.${stamp}@seapoint.example.co.za`;
export const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: makePdf(name) });

export const pageIs = (page: Page, n: number, title: string) =>
  expect(page.getByText(`Page ${n} of 5: ${title}`)).toBeVisible();

export async function next(page: Page, n: number, title: string) {
  await draftSaved(page);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await pageIs(page, n, title);
}

export const draftSaved = (page: Page) =>
  expect(page.getByRole('status').getByText('Draft saved on this device.')).toBeVisible();

export async function fillDetails(page: Page, run: string) {
  await page.getByRole('radio', { name: /Established Practice/ }).check();
  await page.getByLabel('Practice name').fill(`Sea Point Family Practice ${run}`);
  await page.getByLabel('Practice number (PCNS)').fill(String(stamp % 10_000_000).padStart(7, '0'));
  await page.getByLabel('Practice address').fill('12 Main Road, Sea Point, Cape Town, 8005');
  await page.getByLabel("Practice's phone number").fill('021 555 0100');
  await page.getByLabel("Practice's e-mail address").fill(address('reception', run));
  await page.getByLabel('Your name').fill('Lindiwe Mokoena');
  await page.getByLabel('Your e-mail address').fill(address('manager', run));
  await page.getByRole('checkbox', { name: 'Keep my existing medical aid contracts' }).check();
}

export async function uploadDocuments(page: Page) {
  for (const label of ['BHF Practice Details Form', 'Proof of Banking Details']) {
    const card = page.getByRole('region', { name: label, exact: true });
    await card.locator('input[type="file"]:not([capture])').setInputFiles(pdf(`${label}.pdf`));
  }
  for (const label of ['BHF Practice Details Form', 'Proof of Banking Details']) {
    await expect(
      page
        .getByRole('region', { name: label, exact: true })
        .getByText('All files for this section are uploaded.'),
    ).toBeVisible({ timeout: 30_000 });
  }
}

export async function invite(page: Page, run: string, who: readonly string[]) {
  for (const [i, name] of who.entries()) {
    if (i > 0) await page.getByRole('button', { name: 'Add another practitioner' }).click();
    const row = page.getByRole('group', { name: `Practitioner ${i + 1}` });
    await row.getByLabel('Full name').fill(`Dr ${name}`);
    await row.getByLabel('E-mail address').fill(address(name.toLowerCase(), run));
  }
}

/** Waits until the service worker controls the page, so it opens with no connection. */
export async function controlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);
}
