import { crc32, deflateSync, inflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFRawStream, PDFRef, PngEmbedder, rgb } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { fillableForm } from '../../testing/form-fixtures.ts';
import {
  fillRegistrationForm,
  readFormFields,
  UnreadableFormError,
} from './registration-form-filling.ts';

/** A 40 x 20 PNG, black ink on white, as the signature pad sends. */
function signaturePng(): Uint8Array {
  const width = 40;
  const height = 20;
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((width + 1) * height, 255);
  for (let y = 0; y < height; y++) {
    rows[y * (width + 1)] = 0; // filter: none
    rows[y * (width + 1) + 1 + ((y * 2) % width)] = 0; // a diagonal stroke
  }
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(rows)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

/** A page's content stream, decoded. */
async function pageContent(bytes: Uint8Array, pageIndex: number): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const page = doc.getPage(pageIndex);
  const contents = page.node.Contents();
  const streams = contents && 'asArray' in contents ? contents.asArray() : [contents];
  let text = '';
  for (const ref of streams) {
    const stream = ref instanceof PDFRef ? doc.context.lookup(ref) : ref;
    if (!(stream instanceof PDFRawStream)) continue;
    const filter = stream.dict.get(PDFName.of('Filter'));
    const raw = Buffer.from(stream.contents);
    text += `${filter ? inflateSync(raw).toString('latin1') : raw.toString('latin1')}\n`;
  }
  return text;
}

/** Where each image of a page is drawn, in page points. */
async function imagePlacements(bytes: Uint8Array, pageIndex: number) {
  const text = await pageContent(bytes, pageIndex);
  // Follow q/Q and cm (no rotation in what pdf-lib draws) to where each image lands.
  const placements: { x: number; y: number; width: number; height: number }[] = [];
  const stack: number[][] = [];
  let m = [1, 0, 0, 1, 0, 0];
  const operands: number[] = [];
  for (const token of text.split(/\s+/)) {
    if (token === 'q') stack.push(m);
    else if (token === 'Q') m = stack.pop() ?? [1, 0, 0, 1, 0, 0];
    else if (token === 'cm') {
      const [a, b, c, d, e, f] = operands.slice(-6) as [
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      m = [
        a * m[0]! + b * m[2]!,
        a * m[1]! + b * m[3]!,
        c * m[0]! + d * m[2]!,
        c * m[1]! + d * m[3]!,
        e * m[0]! + f * m[2]! + m[4]!,
        e * m[1]! + f * m[3]! + m[5]!,
      ];
    } else if (token === 'Do') {
      placements.push({ x: m[4]!, y: m[5]!, width: m[0]!, height: m[3]! });
    }
    const n = Number(token);
    if (token !== '' && !Number.isNaN(n)) operands.push(n);
    else operands.length = 0;
  }
  return placements;
}

describe("a scheme's registration form read and filled", () => {
  it("lists the form's own fields with their kinds, options and pages", async () => {
    const fields = await readFormFields(await fillableForm());
    const byName = Object.fromEntries(fields.map((f) => [f.name, f]));
    expect(Object.keys(byName)).toEqual([
      'Surname',
      'ID No',
      'Br Code',
      'Acc No',
      'VAT registered',
      'Female',
      'Male',
      'Account type',
      'Signature',
      'Unmapped note',
    ]);
    expect(byName.Surname).toMatchObject({ kind: 'text', box: { page: 0 } });
    // The widget's rectangle takes in half of its 1-point border on each side.
    expect(byName.Surname?.box).toEqual({ page: 0, x: 49.5, y: 699.5, width: 201, height: 21 });
    expect(byName['Br Code']).toMatchObject({ kind: 'text', box: { page: 1 } });
    expect(byName['VAT registered']?.kind).toBe('checkbox');
    expect(byName['Account type']).toMatchObject({
      kind: 'radio',
      options: ['Cheque', 'Savings', 'Transmission'],
    });
  });

  it('fills every mapped field, ticks and selects by meaning, and draws the signature in its box', async () => {
    const filled = await fillRegistrationForm(await fillableForm(), {
      mappings: [
        { formField: 'Surname', profileField: 'lastName' },
        { formField: 'ID No', profileField: 'idNumber' },
        { formField: 'Br Code', profileField: 'branchCode' },
        { formField: 'Acc No', profileField: 'accountNumber' },
        { formField: 'VAT registered', profileField: 'vatNumber' },
        { formField: 'Female', profileField: 'gender' },
        { formField: 'Male', profileField: 'gender' },
        { formField: 'Account type', profileField: 'accountType' },
        { formField: 'Signature', profileField: 'signature' },
        { formField: 'A field the replaced form no longer has', profileField: 'email' },
      ],
      values: {
        lastName: 'Mokoena',
        idNumber: '8403210123087',
        branchCode: '470010',
        accountNumber: '1234567890',
        vatNumber: '4123456789',
        gender: 'Female',
        accountType: 'Savings',
      },
      signature: await PngEmbedder.for(signaturePng()),
    });
    const form = (await PDFDocument.load(filled)).getForm();
    expect(form.getTextField('Surname').getText()).toBe('Mokoena');
    expect(form.getTextField('ID No').getText()).toBe('8403210123087');
    expect(form.getTextField('Br Code').getText()).toBe('470010');
    expect(form.getTextField('Acc No').getText()).toBe('1234567890');
    expect(form.getCheckBox('VAT registered').isChecked()).toBe(true);
    expect(form.getCheckBox('Female').isChecked()).toBe(true);
    expect(form.getCheckBox('Male').isChecked()).toBe(false);
    expect(form.getRadioGroup('Account type').getSelected()).toBe('Savings');
    expect(form.getTextField('Unmapped note').getText()).toBeUndefined();
    expect(form.getTextField('Surname').isReadOnly()).toBe(true);
    expect(form.getTextField('Unmapped note').isReadOnly()).toBe(false);

    // The signature box is 201 x 61 at (299.5, 99.5) on page 2 (border included): the 40 x 20
    // picture fills its height, 122 x 61, centred across.
    expect(await imagePlacements(filled, 1)).toEqual([{ x: 339, y: 99.5, width: 122, height: 61 }]);
    expect(await imagePlacements(filled, 0)).toEqual([]);
  });

  it('writes values into boxes staff placed on a flat page', async () => {
    const doc = await PDFDocument.create();
    doc
      .addPage([595, 842])
      .drawRectangle({ x: 40, y: 690, width: 220, height: 24, color: rgb(1, 1, 1) });
    const flat = await doc.save();
    expect(await readFormFields(flat)).toEqual([]);
    const filled = await fillRegistrationForm(flat, {
      mappings: [
        { placed: { page: 0, x: 40, y: 690, width: 220, height: 24 }, profileField: 'fullName' },
        { placed: { page: 0, x: 300, y: 100, width: 100, height: 50 }, profileField: 'signature' },
      ],
      values: { fullName: 'Thandi Mokoena' },
      signature: await PngEmbedder.for(signaturePng()),
    });
    expect(await imagePlacements(filled, 0)).toEqual([{ x: 300, y: 100, width: 100, height: 50 }]);
    // pdf-lib writes standard-font text as hex strings of its characters.
    const hex = Buffer.from('Thandi Mokoena', 'latin1').toString('hex').toUpperCase();
    expect(await pageContent(filled, 0)).toContain(`<${hex}> Tj`);
  });

  it("follows the answers staff paired: coded radio options, a box's answer, a placed tick", async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([595, 842]);
    const form = doc.getForm();
    const type = form.createRadioGroup('AccType');
    for (const [i, option] of ['1', '2', '3'].entries()) {
      type.addOptionToPage(option, page, { x: 50 + i * 40, y: 500, width: 14, height: 14 });
    }
    form.createCheckBox('Box F').addToPage(page, { x: 50, y: 400, width: 14, height: 14 });
    const filled = await fillRegistrationForm(await doc.save(), {
      mappings: [
        {
          formField: 'AccType',
          profileField: 'accountType',
          choices: [
            { option: '1', answer: 'Cheque / current' },
            { option: '2', answer: 'Savings' },
          ],
        },
        { formField: 'Box F', profileField: 'gender', answer: 'Female' },
        {
          placed: { page: 0, x: 300, y: 300, width: 12, height: 12 },
          profileField: 'gender',
          kind: 'checkbox',
          answer: 'Female',
        },
        {
          placed: { page: 0, x: 340, y: 300, width: 12, height: 12 },
          profileField: 'gender',
          kind: 'checkbox',
          answer: 'Male',
        },
      ],
      values: { accountType: 'Savings', gender: 'Female' },
    });
    const read = (await PDFDocument.load(filled)).getForm();
    expect(read.getRadioGroup('AccType').getSelected()).toBe('2');
    expect(read.getCheckBox('Box F').isChecked()).toBe(true);
    // One tick, in the box for the practitioner's answer.
    const ticks = (await pageContent(filled, 0)).match(/<58> Tj/g) ?? [];
    expect(ticks).toHaveLength(1);
  });

  it('refuses a file that is not a PDF, with a message a person can act on', async () => {
    await expect(readFormFields(new TextEncoder().encode('not a pdf'))).rejects.toThrow(
      UnreadableFormError,
    );
  });
});
