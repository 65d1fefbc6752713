// Registration forms as schemes send them, made with pdf-lib for the tests: fillable fields whose
// names are not the profile's.
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import type { FieldMapping } from '../../schema/form-mapping-api.ts';

/** A scheme's form as staff get them: two pages, field names that are not the profile's. */
export async function fillableForm(
  options: { extraField?: string; leaveOut?: string } = {},
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const first = doc.addPage([595, 842]);
  const second = doc.addPage([595, 842]);
  first.drawText('Provider registration — page 1', { x: 50, y: 800, size: 14, font });
  second.drawText('Banking details — page 2', { x: 50, y: 800, size: 14, font });
  const form = doc.getForm();
  form.createTextField('Surname').addToPage(first, { x: 50, y: 700, width: 200, height: 20 });
  form.createTextField('ID No').addToPage(first, { x: 50, y: 660, width: 200, height: 20 });
  if (options.leaveOut !== 'Br Code') {
    form.createTextField('Br Code').addToPage(second, { x: 50, y: 700, width: 120, height: 20 });
  }
  form.createTextField('Acc No').addToPage(second, { x: 50, y: 660, width: 200, height: 20 });
  form.createCheckBox('VAT registered').addToPage(second, { x: 50, y: 620, width: 14, height: 14 });
  form.createCheckBox('Female').addToPage(first, { x: 50, y: 620, width: 14, height: 14 });
  form.createCheckBox('Male').addToPage(first, { x: 80, y: 620, width: 14, height: 14 });
  const accountType = form.createRadioGroup('Account type');
  for (const [i, option] of ['Cheque', 'Savings', 'Transmission'].entries()) {
    accountType.addOptionToPage(option, second, { x: 50 + i * 80, y: 580, width: 14, height: 14 });
  }
  form.createTextField('Signature').addToPage(second, { x: 300, y: 100, width: 200, height: 60 });
  form
    .createTextField('Unmapped note')
    .addToPage(second, { x: 50, y: 300, width: 200, height: 20 });
  if (options.extraField) {
    form
      .createTextField(options.extraField)
      .addToPage(second, { x: 50, y: 260, width: 200, height: 20 });
  }
  return doc.save();
}

/** A flat scan-like form: text on its pages, no fields (staff place boxes on it). */
export async function flatForm(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  page.drawText('Practitioner application (flat)', { x: 50, y: 800, size: 14, font });
  page.drawText('Practice name: ______________________', { x: 50, y: 700, size: 11, font });
  page.drawText('Branch code: __________', { x: 50, y: 660, size: 11, font });
  page.drawText('Signature: ______________________', { x: 50, y: 150, size: 11, font });
  return doc.save();
}

/** How staff map fillableForm() to the profile (the signature on its own field). */
export const FILLABLE_MAPPING: FieldMapping[] = [
  { formField: 'Surname', profileField: 'lastName' },
  { formField: 'ID No', profileField: 'idNumber' },
  { formField: 'Br Code', profileField: 'branchCode' },
  { formField: 'Acc No', profileField: 'accountNumber' },
  { formField: 'Male', profileField: 'gender' },
  { formField: 'Female', profileField: 'gender' },
  { formField: 'Account type', profileField: 'accountType' },
  { formField: 'Signature', profileField: 'signature' },
];
/** Where flatForm()'s signature is placed. */
export const SIGNATURE_BOX = { page: 0, x: 120, y: 130, width: 200, height: 50 };
/** How staff map flatForm(): two placed boxes. */
export const FLAT_MAPPING: FieldMapping[] = [
  { placed: { page: 0, x: 140, y: 695, width: 250, height: 16 }, profileField: 'practiceName' },
  { placed: SIGNATURE_BOX, profileField: 'signature' },
];

/**
 * A scanned form as large as `totalBytes`: `pages` pages, each a full-page JPEG (the bytes are
 * stand-ins; nothing decodes them) under a fillable field named "Field <page number>". Images
 * are what makes a real form large, and the cleaning's unpacked-bytes bound leaves them out.
 */
export async function scannedForm(totalBytes: number, pages = 10): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const form = doc.getForm();
  const perPage = Math.floor(totalBytes / pages);
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage([595, 842]);
    const scan = new Uint8Array(perPage).map((_, at) => (at * 31 + i) & 255);
    const image = doc.context.register(
      doc.context.stream(scan, {
        Type: 'XObject',
        Subtype: 'Image',
        Width: 2480,
        Height: 3508,
        ColorSpace: 'DeviceRGB',
        BitsPerComponent: 8,
        Filter: 'DCTDecode',
      }),
    );
    page.node.setXObject(PDFName.of('Scan'), image);
    page.drawText(`Registration form, page ${i}`, { x: 50, y: 800, size: 12, font });
    form.createTextField(`Field ${i}`).addToPage(page, { x: 50, y: 700, width: 200, height: 20 });
  }
  return doc.save();
}
