// The practice manager's start (issue 39, decision 121), on a 360 x 740 phone: from / through
// "Several practitioners in one practice", the practice's details, its shared documents, a
// scheme and three practitioners, Send, and the practice page with three invited; the draft
// survives a reload mid-way; a Send made offline goes when the connection returns, on the
// wizard's page or (decision 130) from the app shell on another page, its files picked offline
// too. Axe in both themes; screenshots to SCREENSHOT_DIR when set.
import { expect, test } from '@playwright/test';
import { appReady } from './app-ready.ts';
import { expectNoSeriousAxeViolations } from './axe-check.ts';
import { waitForMail } from './mail-box.ts';
import { offlineSwitch } from './offline-reload.ts';
import {
  address,
  controlled,
  draftSaved,
  fillDetails,
  invite,
  next,
  pageIs,
  pdf,
  uploadDocuments,
} from './practice-start-steps.ts';
import { inBothThemes, shot } from './themed-shots.ts';

test.use({ viewport: { width: 360, height: 740 } });

test('a manager starts a practice on a phone and lands on its page with three invited', async ({
  page,
}) => {
  await page.goto('/');
  await appReady(page);
  // The spec's two practice types stay as they are; the third choice is beside them.
  await expect(page.getByRole('radio')).toHaveCount(2);
  await inBothThemes(page, 'practice-start-landing', 'landing page with the third choice');
  await page.getByRole('link', { name: /Several practitioners in one practice/ }).click();
  await expect(page).toHaveURL(/\/practice\/new$/);
  await pageIs(page, 1, 'Practice details');

  // Continue with nothing filled: the error summary and the fields say what is missing.
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'There is a problem' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Choose the practice type' })).toBeVisible();
  await page.getByRole('radio', { name: /Established Practice/ }).check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Practice name is required' })).toBeVisible();
  await expect(page.getByLabel('Practice name')).toHaveAttribute('aria-invalid', 'true');
  await inBothThemes(page, 'practice-start-errors', 'manager wizard, errors');

  await fillDetails(page, 'a');
  await inBothThemes(page, 'practice-start-details', 'manager wizard, details');
  await next(page, 2, "The practice's documents");
  await uploadDocuments(page);
  await inBothThemes(page, 'practice-start-documents', 'manager wizard, documents');

  // A reload mid-way: the details and the uploaded files are still there.
  await draftSaved(page);
  await page.reload();
  await appReady(page);
  await pageIs(page, 2, "The practice's documents");
  await expect(
    page
      .getByRole('region', { name: 'Proof of Banking Details', exact: true })
      .getByText('All files for this section are uploaded.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Practice name')).toHaveValue('Sea Point Family Practice a');
  await next(page, 2, "The practice's documents");

  await next(page, 3, 'Medical aid schemes');
  await page.getByRole('checkbox', { name: 'Medihelp', exact: true }).check();
  await next(page, 4, 'Practitioners to invite');
  await invite(page, 'a', ['Sipho', 'Ayesha', 'Johan']);
  await inBothThemes(page, 'practice-start-practitioners', 'manager wizard, practitioners');
  await next(page, 5, 'Check and send');
  await expect(page.getByText('Dr Ayesha ·')).toBeVisible();
  await inBothThemes(page, 'practice-start-check', 'manager wizard, check');

  await page.getByRole('button', { name: 'Send the practice and invitations' }).click();
  await expect(page).toHaveURL(/\/practice\?token=/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Sea Point Family Practice a' })).toBeVisible();
  await expect(page.getByText('0 of 3 done.')).toBeVisible();
  for (const who of ['Sipho', 'Ayesha', 'Johan'])
    await expect(page.getByText(`Dr ${who}`, { exact: true })).toBeVisible();
  await waitForMail(address('johan', 'a'), 'invitation=');
  await waitForMail(address('manager', 'a'), 'practice?token=');

  // The draft left the device: a new start is empty.
  await page.goto('/practice/new');
  await appReady(page);
  await expect(page.getByLabel('Practice name')).toHaveValue('');
  await expect(page.getByRole('radio', { name: /Established Practice/ })).not.toBeChecked();
});

test('a Send made offline is kept and goes when the connection returns', async ({ page }) => {
  await page.goto('/practice/new');
  await appReady(page);
  await fillDetails(page, 'b');
  await next(page, 2, "The practice's documents");
  await uploadDocuments(page);
  await next(page, 3, 'Medical aid schemes');
  await page.getByRole('checkbox', { name: 'Medihelp', exact: true }).check();
  await next(page, 4, 'Practitioners to invite');
  await invite(page, 'b', ['Thandi']);
  await next(page, 5, 'Check and send');

  // No connection (load-shedding took the tower): a reload opens the wizard as it was.
  await controlled(page);
  await draftSaved(page);
  const offline = await offlineSwitch(page);
  await offline.open(() => page.reload());
  await pageIs(page, 5, 'Check and send');
  await expect(page.getByText('Dr Thandi ·')).toBeVisible();
  await page.getByRole('button', { name: 'Send the practice and invitations' }).click();
  await expect(
    page.getByText('Your practice is saved on this device and will be sent'),
  ).toBeVisible();
  await expect(
    page.getByText(/You are offline\. It is sent when you are back online/),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page, { what: 'manager wizard, queued offline' });
  await shot(page, 'practice-start-queued');
  await offline.backOnline();
  await expect(page).toHaveURL(/\/practice\?token=/, { timeout: 30_000 });
  await expect(page.getByText('0 of 1 done.')).toBeVisible();
  await waitForMail(address('thandi', 'b'), 'invitation=');
});

test('a practice queued offline goes from another page, and the notice opens its page', async ({
  page,
}) => {
  await page.goto('/practice/new');
  await appReady(page);
  await controlled(page);
  await fillDetails(page, 'd');
  await next(page, 2, "The practice's documents");
  // The tower goes before the files are up: they wait on the device with the practice.
  const offline = await offlineSwitch(page);
  for (const label of ['BHF Practice Details Form', 'Proof of Banking Details']) {
    const card = page.getByRole('region', { name: label, exact: true });
    await card.locator('input[type="file"]:not([capture])').setInputFiles(pdf(`${label}.pdf`));
  }
  await next(page, 3, 'Medical aid schemes');
  await page.getByRole('checkbox', { name: 'Medihelp', exact: true }).check();
  await next(page, 4, 'Practitioners to invite');
  await invite(page, 'd', ['Naledi']);
  await next(page, 5, 'Check and send');
  await page.getByRole('button', { name: 'Send the practice and invitations' }).click();
  await expect(page.getByText("Waiting for the practice's files")).toBeVisible();

  // The manager leaves the wizard (a new page load, as a closed and reopened app).
  await offline.open(() => page.goto('/track'));
  await appReady(page);
  const notice = page.getByTestId('queued-practice');
  await expect(notice.getByText('Your practice is queued on this device')).toBeVisible();
  await expect(notice.getByText('It will be sent when its 2 files are uploaded.')).toBeVisible();
  await expect(notice.getByRole('link', { name: 'Open your practice' })).toHaveAttribute(
    'href',
    '/practice/new?step=check',
  );
  await inBothThemes(page, 'practice-queued-notice', 'queued practice notice, offline');

  await offline.backOnline();
  await expect(notice.getByText('Your practice was sent')).toBeVisible({ timeout: 30_000 });
  await inBothThemes(page, 'practice-sent-notice', 'sent practice notice');
  await notice.getByRole('link', { name: 'Open the practice page' }).click();
  await expect(page).toHaveURL(/\/practice\?token=/);
  await expect(page.getByRole('heading', { name: 'Sea Point Family Practice d' })).toBeVisible();
  await expect(page.getByText('0 of 1 done.')).toBeVisible();
  await waitForMail(address('naledi', 'd'), 'invitation=');
  // Seen: the notice is gone, and the draft left the device with it.
  await page.goto('/track');
  await appReady(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('queued-practice')).toHaveCount(0);
  await page.goto('/practice/new');
  await appReady(page);
  await expect(page.getByLabel('Practice name')).toHaveValue('');
});

test('the manager wizard on a desktop', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/practice/new');
  await appReady(page);
  await fillDetails(page, 'c');
  await inBothThemes(page, 'practice-start-desktop', 'manager wizard, desktop');
  // Start over clears the practice from this device, after asking.
  await draftSaved(page);
  await page.getByRole('button', { name: 'Start over' }).click();
  await page.getByRole('button', { name: 'Yes, clear everything' }).click();
  await expect(page.getByLabel('Practice name')).toHaveValue('');
  await page.reload();
  await appReady(page);
  await expect(page.getByRole('radio', { name: /Established Practice/ })).not.toBeChecked();
  await expect(page.getByLabel('Practice name')).toHaveValue('');
});
