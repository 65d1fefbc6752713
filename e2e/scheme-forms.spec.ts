// Scheme forms filled from one profile and signed once on a phone (decision 092). Staff make two
// forms fillable through the API (26a's mapping screen is its own journey): a fillable PDF made
// with pdf-lib (two pages, field names not the profile's, checkboxes, a radio group, a signature
// field) and a flat one with placed boxes. The practitioner fills the profile on a 360 × 740
// phone, previews, signs once and sends; staff download both forms and read them back.
// Schemes of their own (Polmed, KeyHealth), so other journeys' forms are never offered here.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import type { FieldMapping } from '../schema/form-mapping-api.ts';
import type { StaffSignedSchemeForms } from '../schema/scheme-forms-api.ts';
import type { SecurityLogEntry } from '../schema/security-log-api.ts';
import { fillableForm, flatForm } from '../worker/testing/form-fixtures.ts';
import { drawnImages, drawnTexts, fieldValues } from '../worker/testing/pdf-readback.ts';
import { appReady } from './app-ready.ts';
import { settledColours } from './axe-check.ts';
import { submitApplication } from './dashboard-fixtures.ts';
import { mailsTo, trackingLinksIn, waitForMail } from './mail-box.ts';
import { makeFillable, staffApi } from './scheme-form-fixtures.ts';
import { SESSION_COOKIE, staffSession } from './staff-session.ts';

const FILLABLE_MAPPING: FieldMapping[] = [
  { formField: 'Surname', profileField: 'lastName' },
  { formField: 'Br Code', profileField: 'branchCode' },
  { formField: 'Acc No', profileField: 'accountNumber' },
  { formField: 'Female', profileField: 'gender' },
  { formField: 'Male', profileField: 'gender' },
  { formField: 'Account type', profileField: 'accountType' },
  { formField: 'Unmapped note', profileField: 'practiceName' },
  { formField: 'Signature', profileField: 'signature' },
];
const FLAT_SIGNATURE = { page: 0, x: 130, y: 140, width: 200, height: 50 };
const FLAT_MAPPING: FieldMapping[] = [
  { placed: { page: 0, x: 140, y: 696, width: 260, height: 16 }, profileField: 'practiceName' },
  { placed: { page: 0, x: 130, y: 656, width: 100, height: 16 }, profileField: 'branchCode' },
  { placed: FLAT_SIGNATURE, profileField: 'signature' },
];

async function fillProfile(page: Page) {
  await page.getByLabel('Practice name').fill('Jacaranda Family Practice');
  const physical = page.getByRole('region', { name: 'Physical address of the practice' });
  await physical.getByLabel('Street address').fill('12 Jacaranda Street');
  await physical.getByLabel('Town or city').fill('Pretoria');
  await physical.getByLabel('Postal code').fill('0083');
  await physical.getByLabel('Province').selectOption('Gauteng');
  await page.getByLabel('Date of birth').fill('1980-03-15');
  await page.getByRole('radio', { name: 'Male', exact: true }).check();
  await page.getByLabel('Qualifications').fill('MBChB (UP) 2004');
  await page.getByLabel('Council registration number').fill('MP 0123456');
  await page.getByLabel('Bank', { exact: true }).selectOption('capitec');
  await expect(page.getByLabel('Branch code')).toHaveValue('470010');
  await page.getByLabel('Account number').fill('1234 567 890');
  await page.getByLabel('Account type').selectOption('savings');
  await page.getByLabel('Account holder').fill('Dr T Mokoena');
}

/** The theme switched in place, as the header's toggle does: the page keeps its state. */
async function switchTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((value) => {
    localStorage.setItem('theme', value);
    document.documentElement.classList.toggle('dark', value === 'dark');
  }, theme);
  await settledColours(page);
}

/** Pictures to look at, when asked for (SCREENSHOT_DIR): never into the repository. */
async function shot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/**
 * The code step as the practitioner meets it: the card asks, a code is sent to the confirmed
 * address, read from that mail, typed, and the same button pressed again.
 */
async function enterMailedCode(page: Page, email: string, button: string) {
  const card = page.getByRole('region', { name: 'Confirm it is you' });
  await expect(card).toBeVisible();
  const before = new Set(mailsTo(email).map((mail) => mail.file));
  await card.getByRole('button', { name: 'Send me a code' }).click();
  await expect(card).toContainText(`We sent a code to ${email.slice(0, 1)}•••@example.co.za`);
  const fresh = () =>
    mailsTo(email).find((mail) => !before.has(mail.file) && /Your code:/.test(mail.body));
  await expect.poll(() => Boolean(fresh())).toBe(true);
  const mail = fresh()!;
  const name = `code-${button.startsWith('Save') ? 'save' : 'sign'}`;
  await shot(page, `${name}-light`);
  await switchTheme(page, 'dark');
  await shot(page, `${name}-dark`);
  await switchTheme(page, 'light');
  await axeClean(page);
  await card.getByLabel('Code from the e-mail').fill(/Your code:\s*(\d{6})/.exec(mail.body)![1]!);
  await page.getByRole('button', { name: button }).click();
}

async function axeClean(page: Page) {
  for (const theme of ['light', 'dark'] as const) {
    await switchTheme(page, theme);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations, `${theme}: ${JSON.stringify(results.violations, null, 1)}`).toEqual(
      [],
    );
  }
  await switchTheme(page, 'light');
}

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

test('a practitioner fills one profile, previews, signs once and sends; staff download both forms filled and signed', async ({
  page,
  request,
  baseURL,
  playwright,
  browser,
}) => {
  const staff = await staffApi(playwright, request);
  const fillable = await makeFillable(
    staff,
    'polmed',
    'polmed-provider-form.pdf',
    await fillableForm(),
    FILLABLE_MAPPING,
  );
  const flat = await makeFillable(
    staff,
    'keyhealth',
    'keyhealth-flat.pdf',
    await flatForm(),
    FLAT_MAPPING,
  );
  const sent = await submitApplication(request, baseURL!, 'Mokoena', {
    selectedParents: ['medscheme', 'pps'],
    selectedSchemes: ['polmed', 'keyhealth'],
  });

  // The receipt's link confirms the address the codes go to (decision 100); the tracking page
  // asks, and the page it opens loads on its own.
  const receipt = await waitForMail(sent.email, 'we have received your application');
  await page.goto(trackingLinksIn(receipt).find((link) => link.includes('#confirm='))!);
  await appReady(page);
  await page.getByRole('button', { name: 'Yes, this is my application' }).click();
  await expect(page.getByText('your e-mail address is confirmed')).toBeVisible();
  await page.getByRole('link', { name: 'Fill my scheme forms' }).click();
  await expect(
    page.getByRole('heading', { name: 'Save time: we fill your scheme forms', level: 1 }),
  ).toBeVisible();
  await shot(page, 'details-light');
  await switchTheme(page, 'dark');
  await shot(page, 'details-dark');
  await switchTheme(page, 'light');
  await axeClean(page);

  // Problems show at their fields, all at once; what was typed stays on a reload (sealed on the phone).
  await page.getByRole('button', { name: 'Save and fill my forms' }).click();
  await expect(page.getByText('Some details need attention')).toBeVisible();
  await expect(page.getByLabel('Practice name')).toBeFocused();
  await fillProfile(page);
  await page.getByLabel('Account number').fill('12');
  await page.getByRole('button', { name: 'Save and fill my forms' }).click();
  await expect(page.getByText('Enter the account number: 6 to 13 digits')).toBeVisible();
  await page.getByLabel('Account number').fill('1234 567 890');
  await page.reload();
  await appReady(page);
  await expect(page.getByLabel('Practice name')).toHaveValue('Jacaranda Family Practice');
  await expect(page.getByLabel('Account number')).toHaveValue('1234 567 890');
  // New bank details need a code from the confirmed address (decision 108).
  await page.getByRole('button', { name: 'Save and fill my forms' }).click();
  await enterMailedCode(page, sent.email, 'Save and fill my forms');

  // The preview: each form filled on the server from these details.
  await expect(page.getByRole('heading', { name: 'Check and sign your forms' })).toBeVisible();
  const polmed = page.getByRole('region', { name: /^POLMED/ });
  // The answer the page gets, read on its way (the page keeps it as a blob: URL to open).
  let previewBytes: Uint8Array = new Uint8Array();
  let previewType = '';
  await page.route('**/scheme-forms/*/preview', async (route) => {
    const answer = await route.fetch();
    previewBytes = await answer.body();
    previewType = answer.headers()['content-type'] ?? '';
    await route.fulfill({ response: answer });
  });
  await polmed.getByRole('button', { name: /Preview the .* form/ }).click();
  await expect(polmed.getByRole('link', { name: /Open the filled .* form \(PDF\)/ })).toBeVisible();
  expect(previewType).toBe('application/pdf');
  const preview = await fieldValues(new Uint8Array(previewBytes));
  expect(preview).toMatchObject({ Surname: 'Mokoena', 'Br Code': '470010' });
  await shot(page, 'preview-light');
  await switchTheme(page, 'dark');
  await shot(page, 'preview-dark');
  await switchTheme(page, 'light');

  // One signature, drawn with a finger (the mouse stands in), for every form.
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) {
    await page.mouse.move(box.x + 20 + i * 25, box.y + box.height * (0.7 - (i % 3) * 0.2));
  }
  await page.mouse.up();
  await axeClean(page);
  await page.getByRole('button', { name: 'Sign and send all 2 forms' }).click();
  await enterMailedCode(page, sent.email, 'Sign and send all 2 forms');
  await expect(page.getByRole('heading', { name: 'Your signed scheme forms' })).toBeVisible();
  await waitForMail(sent.email, 'your scheme forms were signed', 'KeyHealth');
  await expect(page.getByText('Your forms are signed and sent')).toBeVisible();
  await shot(page, 'done-light');
  await switchTheme(page, 'dark');
  await shot(page, 'done-dark');
  await switchTheme(page, 'light');
  await axeClean(page);

  // Staff: both forms with the submission, every mapped value in place, the signature on its box.
  const list = await staff.get(`/api/admin/submissions?q=${encodeURIComponent(sent.email)}`);
  const [item] = (await list.json()) as { submission: { id: string } }[];
  const signedForms = async () =>
    (await (
      await staff.get(`/api/admin/submissions/${item!.submission.id}/signed-forms`)
    ).json()) as StaffSignedSchemeForms;
  // Closed until a staff member checks the bank details they carry against the bank letter.
  const unchecked = await signedForms();
  expect(unchecked.forms.map((f) => f.downloadUrl)).toEqual([null, null]);
  expect(unchecked.account).toMatchObject({ accountNumber: '1234567890', checked: null });

  // On the review page, in a card of their own beside the documents: the check, then downloads.
  const session = await staffSession(request);
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await desk.addCookies([{ name: SESSION_COOKIE, value: session.value, url: session.origin }]);
  const review = await desk.newPage();
  await review.goto(`${session.origin}/dashboard/submissions/${item!.submission.id}`);
  const card = review.getByRole('region', { name: /Signed scheme forms \(2\)/ });
  await expect(card).toContainText('KeyHealth');
  await expect(card.getByText('Download after the account check')).toHaveCount(2);
  await expect(card).toContainText('1234567890');
  await shot(review, 'staff-account-check');
  await switchTheme(review, 'dark');
  await shot(review, 'staff-account-check-dark');
  await review.setViewportSize({ width: 360, height: 740 });
  await shot(review, 'staff-account-check-phone-dark');
  await switchTheme(review, 'light');
  await shot(review, 'staff-account-check-phone');
  await review.setViewportSize({ width: 1280, height: 900 });
  await card.getByRole('button', { name: 'Record the account check' }).click();
  await expect(
    card.getByRole('link', { name: 'Download the signed KeyHealth form' }),
  ).toBeVisible();
  await shot(review, 'staff-review');
  await desk.close();

  const signed = (await signedForms()).forms;
  expect(signed.map((f) => f.schemeName).sort()).toEqual([
    'KeyHealth',
    'POLMED (South African Police Service Medical Scheme)',
  ]);
  for (const form of signed) {
    const download = await staff.get(form.downloadUrl!);
    expect(download.status()).toBe(200);
    const bytes = new Uint8Array(await download.body());
    const images = await drawnImages(bytes);
    expect(images).toHaveLength(1);
    if (form.schemeName.startsWith('POLMED')) {
      expect(await fieldValues(bytes)).toMatchObject({
        Surname: 'Mokoena',
        'Br Code': '470010',
        'Acc No': '1234567890',
        Male: 'checked',
        Female: '',
        'Account type': 'Savings',
        'Unmapped note': 'Jacaranda Family Practice',
        'ID No': '',
      });
      // The form's own signature field: page 2, at 300/100, 200 × 60.
      expect(images[0]).toMatchObject({ page: 1 });
      expect(images[0]!.x).toBeGreaterThanOrEqual(299);
      expect(images[0]!.x + images[0]!.width).toBeLessThanOrEqual(501);
    } else {
      const texts = (await drawnTexts(bytes)).map((t) => t.text);
      expect(texts).toEqual(expect.arrayContaining(['Jacaranda Family Practice', '470010']));
      expect(images[0]!.x).toBeGreaterThanOrEqual(FLAT_SIGNATURE.x);
      expect(images[0]!.y).toBeGreaterThanOrEqual(FLAT_SIGNATURE.y);
      expect(images[0]!.x + images[0]!.width).toBeLessThanOrEqual(
        FLAT_SIGNATURE.x + FLAT_SIGNATURE.width + 0.01,
      );
    }
  }

  // The signing is in the security log: each form's hash, the profile version, the client.
  const log = (await (
    await staff.get(`/api/admin/security-log?submissionId=${item!.submission.id}`)
  ).json()) as SecurityLogEntry[];
  const signings = log.filter((e) => e.action === 'scheme_form_signed');
  expect(signings).toHaveLength(2);
  for (const form of signed) {
    expect(signings.find((e) => e.entityId === form.id)?.details).toMatchObject({
      documentSha256: form.sha256,
      profileVersion: 1,
      clientFingerprint: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
  }
  expect([fillable, flat]).toHaveLength(2);

  expect(log.filter((e) => e.action === 'bank_account_checked')).toHaveLength(1);
  await staff.dispose();
});
