// Documents that expire, kept by staff (issue 38, decision 118): the desk corrects a bank
// letter's date on review, tightens the bank letter's rule on /dashboard/document-validity (the
// letter is re-dated, the history says who, when, before and after), and sets the reminder days
// and the re-attestation interval. The shared server keeps running other specs: every setting is
// put back as it was at the end.
import { expect, type Page, test } from '@playwright/test';
import { addMonths, validityDay } from '../schema/document-validity.ts';
import type { TrackingResponse } from '../schema/tracking-api.ts';
import { signIn, submitApplication } from './dashboard-fixtures.ts';
import { inBothThemes, shot } from './themed-shots.ts';
import { choosePracticeType, section, showPage } from './wizard-helpers.ts';

const day = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

async function openRuleDialog(page: Page) {
  await page.getByRole('button', { name: 'Edit the rule for Proof of Banking Details' }).click();
  return page.getByRole('dialog', { name: 'Edit the rule for Proof of Banking Details' });
}

test.use({ viewport: { width: 360, height: 740 } });

test('staff correct a date on review, change a rule (re-dating it) and set the reminder days', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const app = await submitApplication(request, baseURL!, 'Validity');
  const tracking = (await (
    await request.get(`/api/submissions/${app.trackingToken}`)
  ).json()) as TrackingResponse;
  const letter = tracking.documents.find((d) => d.sectionKey === 'bank_proof')!;
  await signIn(page, baseURL!);

  // The review page: the letter came without a date; staff add the one printed on it.
  const dated = addMonths(validityDay(new Date()), -1);
  await page.goto(`/dashboard/submissions?q=${encodeURIComponent(app.email)}`);
  await page.getByRole('link', { name: `${app.firstName} ${app.lastName}`, exact: true }).click();
  const row = page
    .getByRole('region', { name: /Documents/ })
    .getByRole('listitem', { name: letter.fileName });
  await expect(row.getByText('No date given for it')).toBeVisible();
  await row.getByRole('button', { name: `Add the date of ${letter.fileName}` }).click();
  const dateDialog = page.getByRole('dialog', { name: "Correct the document's date" });
  await dateDialog.getByRole('button', { name: 'Save the date' }).click();
  await expect(dateDialog.getByText('Give the date on the document')).toBeVisible();
  await inBothThemes(page, 'validity-date-dialog', 'the date correction');
  if (process.env.SCREENSHOT_DIR) {
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/validity-date-dialog-phone.png` });
  }
  await dateDialog.getByLabel('Date on the document').fill(dated);
  await dateDialog.getByRole('button', { name: 'Save the date' }).click();
  await expect(dateDialog).toHaveCount(0);
  await expect(row).toContainText(`good until ${day(addMonths(dated, 3))}`);
  await inBothThemes(page, 'validity-review-row', 'the dated document on review');
  if (process.env.SCREENSHOT_DIR) {
    await row.screenshot({ path: `${process.env.SCREENSHOT_DIR}/validity-review-row-only.png` });
  }

  // The rules page: the bank letter's rule goes from 3 months to 2.
  await page.goto('/dashboard/document-validity');
  await expect(page.getByRole('heading', { name: 'Document validity', level: 1 })).toBeVisible();
  const bankRule = page.getByRole('listitem', { name: 'Proof of Banking Details' });
  await expect(bankRule).toContainText('Dated within 3 months');
  await inBothThemes(page, 'validity-page', 'the document validity page');
  let dialog = await openRuleDialog(page);
  await dialog.getByLabel('Months').fill('0');
  await dialog.getByRole('button', { name: 'Save the rule' }).click();
  await expect(dialog.getByText('Give a whole number of months from 1 to 60.')).toBeVisible();
  await inBothThemes(page, 'validity-rule-dialog', 'the rule dialog with an error');
  await dialog.getByLabel('Months').fill('2');
  await dialog.getByRole('button', { name: 'Save the rule' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(bankRule).toContainText('Dated within 2 months');
  const history = page.getByRole('region', { name: 'Changes' });
  await expect(history.getByRole('listitem').first()).toContainText(
    'Proof of Banking Details: Dated within 3 months → Dated within 2 months;',
  );
  await expect(history.getByRole('listitem').first()).toContainText(/\d+ documents? re-dated/);

  // The letter under review is re-dated by the new rule.
  const letterNow = async () =>
    (
      (await (
        await request.get(`/api/submissions/${app.trackingToken}`)
      ).json()) as TrackingResponse
    ).documents.find((d) => d.id === letter.id)?.goodUntil;
  expect(await letterNow()).toBe(addMonths(dated, 2));

  // Reminder days: a day out of range is refused next to the field; 30, 14 and 7 are kept.
  const days = page.getByRole('textbox', { name: 'Remind practitioners this many days before' });
  await days.fill('30, 0');
  await page.getByRole('form', { name: 'Reminder days' }).getByRole('button').click();
  await expect(page.getByText('Each day must be from 1 to 365 days before.')).toBeVisible();
  await days.fill('7, 30, 14');
  await page.getByRole('form', { name: 'Reminder days' }).getByRole('button').click();
  await expect(page.getByText('mailed 30 and 14 and 7 days before')).toBeVisible();
  await expect(history.getByRole('listitem').first()).toContainText(
    'Reminder days before the last good day: 30, 7 → 30, 14, 7',
  );
  const confirm = page.getByLabel('Ask practitioners to confirm their details every (days)');
  await confirm.fill('90');
  await page.getByRole('form', { name: 'Confirmation interval' }).getByRole('button').click();
  await expect(page.getByText(/Last changed by .*@/)).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'validity-page-desktop');

  // A change of kind reaches the practitioner's phone: the wizard asks 'Valid until' now.
  dialog = await openRuleDialog(page);
  await dialog.getByLabel('Kind of rule').selectOption({ label: 'Valid until the date on it' });
  await dialog.getByRole('button', { name: 'Save the rule' }).click();
  await expect(dialog).toHaveCount(0);
  const wizard = await page.context().newPage();
  await wizard.setViewportSize({ width: 360, height: 740 });
  await wizard.goto('/');
  await choosePracticeType(wizard, 'Established Practice');
  await showPage(wizard, 'Documents');
  const bankSection = section(wizard, 'Proof of Banking Details');
  await expect(bankSection.getByLabel('Valid until')).toBeVisible();
  await expect(bankSection.getByText('Valid until the date on it:')).toBeVisible();
  await wizard.close();

  // Put everything back for the specs after this one.
  dialog = await openRuleDialog(page);
  await dialog.getByLabel('Kind of rule').selectOption({ label: 'Dated within N months' });
  await dialog.getByLabel('Months').fill('3');
  await dialog.getByRole('button', { name: 'Save the rule' }).click();
  await expect(dialog).toHaveCount(0);
  await days.fill('30, 7');
  await page.getByRole('form', { name: 'Reminder days' }).getByRole('button').click();
  await expect(history.getByRole('listitem').first()).toContainText('30, 14, 7 → 30, 7');
  await confirm.fill('120');
  await page.getByRole('form', { name: 'Confirmation interval' }).getByRole('button').click();
  await expect(page.getByText('every 120 days')).toBeVisible();
  expect(await letterNow()).toBe(addMonths(dated, 3));
});
