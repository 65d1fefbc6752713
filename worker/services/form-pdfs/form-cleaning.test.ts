import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { threadFormCleaner } from '../../adapters/form-cleaning-thread.ts';
import { FormRefusedError } from '../../ports.ts';
import { activeContentOf, activeForm, unpackingForm } from '../../testing/active-pdf.ts';
import { fillableForm } from '../../testing/form-fixtures.ts';
import { cleanRegistrationPdf, FORM_BOUNDS } from './form-cleaning.ts';
import { fillRegistrationForm } from './registration-form-filling.ts';

describe('cleaning a registration form', () => {
  it('takes out JavaScript, the OpenAction, the embedded file and launch actions, keeping the form', async () => {
    const original = await activeForm();
    expect(await activeContentOf(original)).toEqual([
      'AA',
      'EmbeddedFile',
      'EmbeddedFiles',
      'FileAttachment',
      'JS',
      'JavaScript',
      'Launch',
      'OpenAction',
    ]);
    const cleaned = await cleanRegistrationPdf(original);
    expect(cleaned.pageCount).toBe(1);
    expect(cleaned.removed).toEqual(
      expect.arrayContaining([
        'AA',
        'EmbeddedFiles',
        'FileAttachment',
        'JavaScript',
        'Launch',
        'OpenAction',
      ]),
    );
    expect(await activeContentOf(cleaned.bytes)).toEqual([]);
    const filled = await fillRegistrationForm(cleaned.bytes, {
      mappings: [{ formField: 'Surname', profileField: 'lastName', kind: 'text' }],
      values: { lastName: 'Mokoena' },
    });
    expect(await activeContentOf(filled)).toEqual([]);
    const read = await PDFDocument.load(filled);
    expect(read.getForm().getTextField('Surname').getText()).toBe('Mokoena');
  });

  it('keeps a form with nothing active as it is', async () => {
    const form = await fillableForm();
    const cleaned = await cleanRegistrationPdf(form);
    expect(cleaned).toEqual({ bytes: form, pageCount: 2, removed: [] });
  });

  it('refuses a form that unpacks past the bound before parsing it, saying what to do', async () => {
    const bomb = await unpackingForm(40);
    expect(bomb.byteLength).toBeLessThan(200_000);
    await expect(cleanRegistrationPdf(bomb)).rejects.toThrow(
      new FormRefusedError(
        'This PDF unpacks to more than 32 MB, more than a registration form needs. Print it to a new PDF or save it with "Reduce file size", then upload it again.',
      ),
    );
    // Within the bound the same construction is read.
    await expect(cleanRegistrationPdf(await unpackingForm(2))).resolves.toMatchObject({
      pageCount: 1,
    });
  });

  it('counts what a stream unpacks even with bytes after its compressed data', async () => {
    // A parser inflates up to the compressed data's end and ignores what follows; workerd's
    // DecompressionStream instead failed the whole stream there, so the count read 0.
    const bomb = await unpackingForm(40);
    const text = new TextDecoder('latin1').decode(bomb);
    const end = text.indexOf('endstream', text.indexOf('/ObjStm'));
    const padded = new Uint8Array([
      ...bomb.subarray(0, end),
      ...new TextEncoder().encode('\r\n\r\nnot deflate\n'),
      ...bomb.subarray(end),
    ]);
    await expect(cleanRegistrationPdf(padded)).rejects.toThrow(
      'This PDF unpacks to more than 32 MB',
    );
  });

  it('refuses more pages than a form has, and a file that is no PDF', async () => {
    const doc = await PDFDocument.create();
    for (let i = 0; i <= FORM_BOUNDS.pages; i++) doc.addPage();
    await expect(cleanRegistrationPdf(await doc.save())).rejects.toThrow(
      `This PDF has ${FORM_BOUNDS.pages + 1} pages; a registration form may have at most ${FORM_BOUNDS.pages}.`,
    );
    await expect(
      cleanRegistrationPdf(new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF')),
    ).rejects.toThrow('This file could not be read as a PDF.');
  });

  it("cleans on Node's worker thread, and ends a cleaning past its time there", async () => {
    const cleaned = await threadFormCleaner().clean(await activeForm());
    expect(await activeContentOf(cleaned.bytes)).toEqual([]);
    await expect(threadFormCleaner().clean(await unpackingForm(40))).rejects.toThrow(
      'This PDF unpacks to more than 32 MB',
    );
    const hurried = threadFormCleaner({ ...FORM_BOUNDS, milliseconds: 1 });
    await expect(hurried.clean(await fillableForm())).rejects.toThrow(
      'This PDF took longer than 0.001 seconds to open',
    );
  });
});
