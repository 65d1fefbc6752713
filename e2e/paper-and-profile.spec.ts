// Issue 26 on the practitioner's side, after Submit: the posting checklist staff keep for a
// scheme shows on the tracking page with the application's reference for the envelope, and the
// scheme-forms profile starts from the date of birth and gender of the ID number typed in the
// wizard on this phone (the tracking view leaves the ID number out, so only this device can
// propose them). CAMAF is this journey's own scheme: no other journey chooses it.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { flatForm } from '../worker/testing/form-fixtures.ts';
import { appReady } from './app-ready.ts';
import { establishedWithRequiredUploads, submitForToken } from './application-helpers.ts';
import { expectNoSeriousAxeViolations } from './axe-check.ts';
import { makeFillable, staffApi } from './scheme-form-fixtures.ts';
import { saIdNumber } from './track-seed.ts';
import { chooseScheme, fillContact, PRACTITIONER, showPage } from './wizard-helpers.ts';

const CAMAF_CHECKLIST = {
  signByHand: ['CAMAF provider application form'],
  certifiedCopies: ['SA ID document', 'HPCSA registration certificate'],
  certifiedWithinMonths: 3,
  postTo: 'CAMAF Provider Liaison\nPO Box 0000\nJohannesburg\n2000',
};

async function shot(target: Page | Locator, name: string) {
  const dir = process.env.SCREENSHOTS;
  if (dir) await target.screenshot({ path: `${dir}/${name}.png` });
}

test('after Submit: the posting checklist with the reference, and the profile starts from the ID number', async ({
  page,
  request,
  playwright,
}) => {
  const staff = await staffApi(playwright, request);
  const saved = await staff.patch('/api/admin/catalogue/schemes/camaf', {
    data: { postingChecklist: CAMAF_CHECKLIST },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await makeFillable(staff, 'camaf', 'camaf-provider-form.pdf', await flatForm(), [
    { placed: { page: 0, x: 140, y: 696, width: 260, height: 16 }, profileField: 'practiceName' },
    { placed: { page: 0, x: 130, y: 140, width: 200, height: 50 }, profileField: 'signature' },
  ]);

  // Born 15 March 1980; a sequence below 5000 is female. Its own number: no lookup finds it.
  const idNumber = saIdNumber(`4${String(Date.now()).slice(-3)}`);
  await establishedWithRequiredUploads(page, `camaf.${Date.now()}@example.co.za`);
  await fillContact(page, {
    ...PRACTITIONER,
    idNumber,
    email: `camaf.${Date.now()}@example.co.za`,
  });
  await showPage(page, 'Medical aid schemes');
  await page.getByRole('checkbox', { name: 'Medihelp', exact: true }).uncheck();
  await chooseScheme(page, 'CAMAF');
  const token = await submitForToken(page);
  await appReady(page);

  const reference = (await page
    .getByText(/Reference [A-Z0-9]{4}-[A-Z0-9]{4}/)
    .first()
    .textContent())!.match(/[A-Z0-9]{4}-[A-Z0-9]{4}/)![0];
  // The first view's next steps point to it; the card itself stays on every later view.
  await expect(
    page.getByRole('region', { name: 'Application sent' }).getByText(/See the posting checklist/),
  ).toBeVisible();
  const card = page.getByRole('region', { name: 'Posting checklist' });
  await expect(card).toContainText(`Write your reference ${reference} on the envelope`);
  const camaf = card.getByRole('region', { name: 'CAMAF' });
  await expect(camaf.getByRole('listitem')).toHaveText([
    'CAMAF provider application form',
    'SA ID document',
    'HPCSA registration certificate',
  ]);
  await expect(camaf).toContainText('certified in the last 3 months');
  await expect(camaf.locator('address')).toHaveText(/CAMAF Provider Liaison\s*PO Box 0000/);
  await page.reload();
  await appReady(page);
  await expect(page.getByRole('region', { name: 'Posting checklist' })).toBeVisible();
  await shot(card, 'posting-checklist-track-light');
  await expectNoSeriousAxeViolations(page);
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await shot(card, 'posting-checklist-track-dark');
  await expectNoSeriousAxeViolations(page);
  await page.evaluate(() => document.documentElement.classList.remove('dark'));

  await page.getByRole('link', { name: 'Fill my scheme forms' }).click();
  await expect(page.getByLabel('Date of birth')).toHaveValue('1980-03-15');
  await expect(page.getByRole('radio', { name: 'Female' })).toBeChecked();
  await expect(
    page.getByText('Filled in with your gender from the ID number in your application'),
  ).toBeVisible();
  await shot(page.getByRole('region', { name: 'About you' }), 'profile-from-id-light');
  // The tracking link opened on another device proposes nothing: the ID number is not sent.
  const other = await page.context().browser()!.newContext();
  const elsewhere = await other.newPage();
  await elsewhere.goto(`/track/forms?token=${token}`);
  await appReady(elsewhere);
  await expect(elsewhere.getByLabel('Date of birth')).toHaveValue('');
  await other.close();
});
