// The 'Application sent' confirmation on the first view of the tracking page after Submit
// (decision 091): the reference, the e-mail address, and what happens next with the hard
// copies and registration forms of the schemes chosen. The wizard's own Submit journeys
// (wizard-journeys.spec.ts) check that Submit leads to it; here the hand-over the wizard makes
// (its mark in the tab's sessionStorage) is made directly, so the panel is shown on the
// server-rendered page (a full load of /track?token=…) too, and a later visit has none.
import { expect, type Page, test } from '@playwright/test';
import { appReady } from './app-ready.ts';
import { expectNoSeriousAxeViolations } from './axe-check.ts';
import {
  originHeaders,
  pdfBytes,
  registerForm,
  signIn,
  submitApplication,
  useTheme,
} from './dashboard-fixtures.ts';

const WITH_HARD_COPY = {
  selectedParents: ['discovery', 'bestmed'],
  selectedSchemes: ['discovery_health_medical_scheme', 'bankmed', 'bestmed'],
};

/** Opens the tracking page as the wizard does after Submit: the tab carries the mark. */
async function openAfterSubmit(page: Page, token: string) {
  await page.goto('/legal');
  await page.evaluate((value) => sessionStorage.setItem('application-sent', value), token);
  await page.goto(`/track?token=${token}`);
  await appReady(page);
}

async function registerBestmedForm(page: Page, baseURL: string) {
  await signIn(page, baseURL);
  await registerForm(
    page.request,
    {
      schemeKey: 'bestmed',
      schemeName: 'Bestmed',
      fileName: 'bestmed-form.pdf',
      bytes: pdfBytes('Bestmed form'),
    },
    originHeaders(baseURL),
  );
  await page.context().clearCookies();
}

test('the first view after Submit says it was sent, to which address, and what happens next', async ({
  page,
  request,
  baseURL,
}) => {
  await registerBestmedForm(page, baseURL!);
  const sent = await submitApplication(request, baseURL!, 'Mokoena', WITH_HARD_COPY);
  await openAfterSubmit(page, sent.trackingToken);

  const panel = page.getByRole('region', { name: 'Application sent' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Application sent', level: 2 })).toBeFocused();
  expect(sent.reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  await expect(panel).toContainText(`Your reference is ${sent.reference}.`);
  await expect(panel).toContainText(`We have e-mailed your tracking link to ${sent.email}.`);

  await expect(panel.getByRole('heading', { name: 'What happens next', level: 3 })).toBeVisible();
  await expect(panel.locator('ol > li')).toHaveCount(5);
  await expect(panel.locator('ol > li').nth(0)).toContainText('commissioner of oaths');
  await expect(panel.locator('ol > li').nth(0)).toContainText('Certified ID Copy');
  const download = panel.getByRole('button', { name: 'Download Bestmed registration form (PDF)' });
  await expect(download).toBeVisible();
  await expect(panel.locator('ol > li').nth(1)).toContainText('Print it, fill it in and sign it');
  await expect(panel.locator('ol > li').nth(2)).toContainText(
    `with your reference ${sent.reference} written on the envelope`,
  );
  await expect(panel.locator('address')).toContainText('PO Box 0000');
  await expect(panel.locator('ol > li').nth(3)).toContainText('Bestmed');

  // Neither the reference nor the token breaks across lines.
  for (const text of [sent.reference, sent.trackingToken]) {
    const boxes = await page
      .getByText(text, { exact: true })
      .evaluateAll((nodes) => nodes.map((n) => n.getClientRects().length));
    expect(boxes.length).toBeGreaterThan(0);
    for (const lines of boxes) expect(lines).toBe(1);
  }

  // A later visit by the link (or a reload) is the tracking page alone.
  await page.reload();
  await appReady(page);
  await expect(page.getByRole('heading', { name: 'Welcome, Dr. Mokoena' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Application sent' })).toHaveCount(0);
});

test('without hard copies, the next steps are the review and the link', async ({
  page,
  request,
  baseURL,
}) => {
  const sent = await submitApplication(request, baseURL!, 'Naidoo');
  await openAfterSubmit(page, sent.trackingToken);
  const panel = page.getByRole('region', { name: 'Application sent' });
  await expect(panel).toContainText(`Your reference is ${sent.reference}.`);
  await expect(panel.locator('ol > li')).toHaveCount(2);
  await expect(panel).not.toContainText('commissioner of oaths');
  await expect(panel.locator('ol > li').nth(0)).toContainText('We review your application');
});

for (const theme of ['light', 'dark'] as const) {
  test(`the confirmation has no serious accessibility problems (${theme})`, async ({
    page,
    request,
    baseURL,
  }) => {
    await useTheme(page, theme);
    const sent = await submitApplication(request, baseURL!, `Sent${theme}`, WITH_HARD_COPY);
    await openAfterSubmit(page, sent.trackingToken);
    await expect(page.getByRole('region', { name: 'Application sent' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
}
