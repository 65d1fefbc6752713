// Issue 26, staff side: staff make a scheme's registration forms fillable once (decision 092).
// A fillable PDF made here with pdf-lib (three pages, names that are not the profile's, a
// checkbox, a coded radio group for the account type, a signature box) is mapped and saved; a
// new version of it keeps the mapping, and one that lacks a field says so. A flat PDF gets
// boxes placed on its rendered pages. Uses schemes no other journey gives forms (Sedmed, Rumed).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { FormMappingView } from '../schema/form-mapping-api.ts';
import { signIn, useTheme } from './dashboard-fixtures.ts';

test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

const run = Date.now().toString(36);
const RUMED = 'Rhodes University Medical Scheme (RUMed)';

async function fillablePdf(leaveOut?: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pages = [1, 2, 3].map((n) => {
    const page = doc.addPage([595, 842]);
    page.drawText(`Sedmed provider registration, page ${n}`, { x: 50, y: 800, size: 14, font });
    return page;
  });
  const [first, second, third] = pages as [(typeof pages)[0], (typeof pages)[0], (typeof pages)[0]];
  const form = doc.getForm();
  const text = (name: string, page: typeof first, y: number) => {
    if (name !== leaveOut)
      form.createTextField(name).addToPage(page, { x: 50, y, width: 220, height: 20 });
  };
  text('Surname', first, 700);
  text('Practice No', first, 660);
  text('Br Code', second, 700);
  text('Acc No', second, 660);
  text('Ref note', second, 620);
  form.createCheckBox('VAT registered').addToPage(second, { x: 50, y: 580, width: 14, height: 14 });
  const accountType = form.createRadioGroup('AccType');
  for (const [i, code] of ['C', 'S', 'T'].entries()) {
    accountType.addOptionToPage(code, second, { x: 50 + i * 60, y: 540, width: 14, height: 14 });
  }
  form.createTextField('Signature').addToPage(third, { x: 300, y: 100, width: 200, height: 60 });
  return Buffer.from(await doc.save());
}

async function flatPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const n of [1, 2]) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Rumed application (paper form), page ${n}`, { x: 50, y: 800, size: 14, font });
    page.drawText('Surname: ____________________', { x: 50, y: 700, size: 12, font });
  }
  return Buffer.from(await doc.save());
}

async function upload(page: Page, scheme: string, fileName: string, buffer: Buffer) {
  await page.goto('/dashboard');
  const manager = page.getByRole('region', { name: 'Medical Aid Registration Forms' });
  await manager.getByLabel('Filter schemes').fill(scheme === 'SEDMED' ? 'sedmed' : 'rumed');
  const card = manager.getByRole('listitem', { name: scheme, exact: true });
  await card
    .getByRole('button', {
      name: new RegExp(`(Upload Form|Update) for ${scheme.replace(/[()]/g, '\\$&')}`),
    })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Upload Registration Form' });
  await dialog
    .getByLabel('PDF File*')
    .setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await card.getByRole('link', { name: `Map fields of ${fileName}` }).click();
  await expect(
    page.getByRole('heading', { name: `Fill-in mapping: ${fileName}`, level: 1 }),
  ).toBeVisible();
}

const row = (page: Page, name: string) => page.getByRole('row', { name: new RegExp(`^${name}`) });

async function save(page: Page) {
  await page.getByRole('button', { name: /save the mapping/i }).click();
  await expect(page.getByRole('alertdialog').filter({ hasText: 'Mapping saved' })).toBeVisible();
  await expect(page.getByText(/^Saved /)).toBeVisible();
}

async function storedMapping(page: Page): Promise<FormMappingView> {
  const id = new URL(page.url()).pathname.split('/').pop();
  const res = await page.request.get(`/api/admin/medical-aid-documents/${id}/mapping`);
  expect(res.status()).toBe(200);
  return (await res.json()) as FormMappingView;
}

/** SCREENSHOTS=dir keeps a picture of the screen for a person to look at (never in the repository). */
async function lookAt(page: Page, name: string) {
  const dir = process.env.SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/form-mapping-${name}.png`, fullPage: true });
}

async function expectAxeClean(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

test('staff map a fillable form once; a new version keeps the mapping and names what it lacks', async ({
  page,
}) => {
  await signIn(page);
  await upload(page, 'SEDMED', `sedmed-${run}-2026.pdf`, await fillablePdf());
  await expect(page.getByText('Proposed, not saved yet')).toBeVisible();
  // Proposed by name: 'Surname' is the last name, 'Br Code' the branch code.
  await expect(row(page, 'Surname').getByLabel('Profile field for Surname')).toHaveValue(
    'lastName',
  );
  await expect(row(page, 'Br Code').getByLabel('Profile field for Br Code')).toHaveValue(
    'branchCode',
  );
  await expect(row(page, 'Signature').getByLabel('Profile field for Signature')).toHaveValue(
    'signature',
  );
  await expect(row(page, 'Br Code')).toContainText('2'); // its page
  // What no name says, staff choose: the note holds the account holder, the codes are paired.
  await row(page, 'Ref note')
    .getByLabel('Profile field for Ref note')
    .selectOption('accountHolder');
  const accType = row(page, 'AccType');
  await accType.getByLabel('Profile field for AccType').selectOption('accountType');
  await accType
    .getByLabel('AccType: option “C” when the value is')
    .selectOption('Cheque / current');
  await accType.getByLabel('AccType: option “S” when the value is').selectOption('Savings');
  await accType.getByLabel('AccType: option “T” when the value is').selectOption('Transmission');
  await row(page, 'VAT registered')
    .getByLabel('Profile field for VAT registered')
    .selectOption('vatNumber');
  await expect(row(page, 'VAT registered').getByLabel('VAT registered: ticked when')).toHaveValue(
    '',
  );
  await expectAxeClean(page);
  await lookAt(page, 'fillable');
  await save(page);
  const first = await storedMapping(page);
  expect(first.mappings).toContainEqual({
    formField: 'AccType',
    profileField: 'accountType',
    choices: [
      { option: 'C', answer: 'Cheque / current' },
      { option: 'S', answer: 'Savings' },
      { option: 'T', answer: 'Transmission' },
    ],
  });
  expect(first.mappings).toContainEqual({ formField: 'Ref note', profileField: 'accountHolder' });
  await page.getByRole('link', { name: '← Back to the registration forms' }).click();
  await page.getByLabel('Filter schemes').fill('sedmed');
  await expect(page.getByRole('listitem', { name: 'SEDMED', exact: true })).toContainText(
    'Filled from the profile',
  );

  // Next year's version, the same fields: the mapping holds.
  await upload(page, 'SEDMED', `sedmed-${run}-2027.pdf`, await fillablePdf());
  await expect(page.getByText(`Carried over from sedmed-${run}-2026.pdf`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Mapped fields this version lacks' })).toHaveCount(0);
  await expect(row(page, 'Ref note').getByLabel('Profile field for Ref note')).toHaveValue(
    'accountHolder',
  );
  await expect(
    row(page, 'AccType').getByLabel('AccType: option “S” when the value is'),
  ).toHaveValue('Savings');
  await save(page);
  const second = await storedMapping(page);
  expect(second.mappings).toEqual(first.mappings);

  // A version without the branch code: staff are told which mapped field it lacks.
  await upload(page, 'SEDMED', `sedmed-${run}-2028.pdf`, await fillablePdf('Br Code'));
  const lacking = page.getByRole('list', { name: 'Mapped fields this version lacks' });
  await expect(lacking.getByRole('listitem')).toHaveText(['Br Code']);
  await lookAt(page, 'new-version');
  await expect(row(page, 'Surname').getByLabel('Profile field for Surname')).toHaveValue(
    'lastName',
  );
});

for (const theme of ['light', 'dark'] as const) {
  test(`staff place boxes on a flat form's rendered pages (${theme})`, async ({ page }) => {
    await useTheme(page, theme);
    await signIn(page);
    const fileName = `rumed-${run}-${theme}.pdf`;
    await upload(page, RUMED, fileName, await flatPdf());
    await expect(page.getByText('a flat form: boxes are placed on its pages')).toBeVisible();
    const drawing = page.getByRole('img', { name: 'Page 1 of the form' });
    await expect(drawing).toBeVisible();
    const overlay = page.getByTestId('page-overlay');
    await expect.poll(async () => (await overlay.boundingBox())?.height ?? 0).toBeGreaterThan(500);

    // A text box for the surname, clicked onto the line near the top of page 1.
    await page.getByLabel('Next box is').selectOption('text');
    await page.getByLabel('Filled with', { exact: true }).selectOption('lastName');
    const box = (await overlay.boundingBox())!;
    const scale = box.width / 595;
    await overlay.click({ position: { x: 250 * scale, y: (842 - 705) * scale } });
    const placed = page.getByRole('list', { name: 'Placed boxes' });
    await expect(placed.getByRole('listitem')).toHaveCount(1);
    await expect(placed.getByLabel('Box 1 filled with')).toHaveValue('lastName');
    await expect(placed.getByLabel('Box 1 page')).toHaveValue('1');
    const y = Number(await placed.getByLabel('Box 1 from bottom (pt)').inputValue());
    expect(y).toBeGreaterThan(685);
    expect(y).toBeLessThan(705);

    // A tick box for 'Female', then dragged 40 points to the right.
    await page.getByLabel('Next box is').selectOption('checkbox');
    await page.getByLabel('Filled with', { exact: true }).selectOption('gender');
    await overlay.click({ position: { x: 100 * scale, y: (842 - 600) * scale } });
    await expect(placed.getByLabel('Box 2 ticked when')).toHaveValue('Female');
    const x = Number(await placed.getByLabel('Box 2 from left (pt)').inputValue());
    const now = (await overlay.boundingBox())!; // the click may have scrolled the page
    await page.mouse.move(now.x + 100 * scale, now.y + (842 - 600) * scale);
    await page.mouse.down();
    await page.mouse.move(now.x + 140 * scale, now.y + (842 - 600) * scale, { steps: 5 });
    await page.mouse.up();
    await expect(placed.getByRole('listitem')).toHaveCount(2);
    await expect
      .poll(async () => Number(await placed.getByLabel('Box 2 from left (pt)').inputValue()))
      .toBeGreaterThan(x + 35);

    // The signature on page 2, from the keyboard: next page, add a box, set where it goes.
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByRole('img', { name: 'Page 2 of the form' })).toBeVisible();
    await page.getByLabel('Next box is').selectOption('signature');
    await page.getByRole('button', { name: 'Add a box to page 2' }).press('Enter');
    await placed.getByLabel('Box 3 from left (pt)').fill('320');
    await placed.getByLabel('Box 3 from bottom (pt)').fill('90');
    await expectAxeClean(page);
    await lookAt(page, `flat-${theme}`);
    await save(page);

    const stored = await storedMapping(page);
    expect(stored.mappings).toHaveLength(3);
    expect(stored.mappings[0]).toMatchObject({ profileField: 'lastName', placed: { page: 0 } });
    expect(stored.mappings[1]).toMatchObject({
      profileField: 'gender',
      kind: 'checkbox',
      answer: 'Female',
    });
    expect(stored.mappings[2]).toEqual({
      profileField: 'signature',
      placed: { page: 1, x: 320, y: 90, width: 180, height: 48 },
    });
    await page.reload();
    await expect(
      page.getByRole('list', { name: 'Placed boxes' }).getByRole('listitem'),
    ).toHaveCount(3);
  });
}
