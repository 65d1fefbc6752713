// Scheme registration forms filled from the practitioner profile: reading a form's own fields
// (AcroForm) so staff can map them once, and filling a copy with one practitioner's values and
// signature. Filling happens on the server (pdf-lib, pure JS, so the same on Node and Workers):
// the phone never downloads a PDF library, and the server already holds what goes in.
import {
  PDFCheckBox,
  PDFDocument,
  PDFDropdown,
  type PDFField,
  PDFImage,
  PDFOptionList,
  PDFRadioGroup,
  PDFSignature,
  PDFTextField,
  type PngEmbedder,
  rgb,
} from 'pdf-lib';
import type {
  FieldMapping,
  FormField,
  FormFieldKind,
  PageBox,
} from '../../../schema/form-mapping-api.ts';
import {
  chosenOption,
  fixedAnswersOf,
  isTicked,
  proposeAnswer,
} from '../../../schema/form-mapping-rules.ts';
import type { ProfileFieldKey } from '../../../schema/profile-fields.ts';
import { fontFor } from './unicode-font.ts';

export class UnreadableFormError extends Error {}

async function load(bytes: Uint8Array): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(bytes, { updateMetadata: false });
  } catch {
    throw new UnreadableFormError('This file could not be read as a PDF');
  }
}

function kindOf(field: PDFField): FormFieldKind {
  if (field instanceof PDFTextField) return 'text';
  if (field instanceof PDFCheckBox) return 'checkbox';
  if (field instanceof PDFRadioGroup) return 'radio';
  if (field instanceof PDFDropdown || field instanceof PDFOptionList) return 'dropdown';
  if (field instanceof PDFSignature) return 'signature';
  return 'other';
}

function boxOf(doc: PDFDocument, field: PDFField): PageBox | null {
  const widget = field.acroField.getWidgets()[0];
  if (!widget) return null;
  const pageRef = widget.P();
  const pages = doc.getPages();
  let page = pages.findIndex((p) => p.ref === pageRef);
  if (page < 0) {
    // Some writers leave out the widget's page: find the page whose annotations hold it.
    page = pages.findIndex((p) =>
      p.node
        .Annots()
        ?.asArray()
        .some((annot) => annot === doc.context.getObjectRef(widget.dict)),
    );
  }
  const rect = widget.getRectangle();
  return { page: Math.max(page, 0), ...rect };
}

export async function pageCountOf(bytes: Uint8Array): Promise<number> {
  return (await load(bytes)).getPageCount();
}

/** The form's own fields, in the order the form lists them. A flat PDF has none. */
export async function readFormFields(bytes: Uint8Array): Promise<FormField[]> {
  const doc = await load(bytes);
  return doc
    .getForm()
    .getFields()
    .map((field) => {
      const kind = kindOf(field);
      const options =
        field instanceof PDFRadioGroup || field instanceof PDFDropdown
          ? field.getOptions()
          : field instanceof PDFOptionList
            ? field.getOptions()
            : [];
      return { name: field.getName(), kind, options, box: boxOf(doc, field) };
    });
}

export type FillInput = {
  mappings: FieldMapping[];
  values: Partial<Record<ProfileFieldKey, string>>;
  /** The practitioner's signature, decoded once (signature-png.ts), drawn where it is mapped. */
  signature?: PngEmbedder;
};

/**
 * A copy of the form with every mapped field filled (and made read-only) and the signature
 * drawn. The fields are kept rather than flattened so that staff tools, and tests, read the
 * values back; the signed copy's SHA-256 is recorded when it is signed, so any later change
 * shows. Fields the form has but nobody mapped stay empty; a mapping to a field the form no
 * longer has is skipped (the form was replaced).
 */
export async function fillRegistrationForm(
  bytes: Uint8Array,
  input: FillInput,
): Promise<Uint8Array> {
  const doc = await load(bytes);
  const form = doc.getForm();
  // 'X' is the tick drawn in a placed box.
  const font = await fontFor(doc, ['X', ...Object.values(input.values)]);
  // One decoded image serves every form of a signing: each copy only writes it into its file.
  const signature = input.signature
    ? PDFImage.of(doc.context.nextRef(), doc, input.signature)
    : undefined;
  const pages = doc.getPages();

  const drawSignature = (box: PageBox) => {
    const page = pages[box.page];
    if (!signature || !page) return;
    const scale = Math.min(box.width / signature.width, box.height / signature.height);
    const width = signature.width * scale;
    const height = signature.height * scale;
    page.drawImage(signature, {
      x: box.x + (box.width - width) / 2,
      y: box.y + (box.height - height) / 2,
      width,
      height,
    });
  };

  const drawTick = (page: (typeof pages)[number], box: PageBox) => {
    const size = Math.max(6, Math.min(box.width, box.height) * 0.8);
    page.drawText('X', {
      x: box.x + (box.width - font.widthOfTextAtSize('X', size)) / 2,
      y: box.y + (box.height - size * 0.7) / 2,
      size,
      font,
      color: rgb(0, 0, 0),
    });
  };

  for (const mapping of input.mappings) {
    if (mapping.profileField === 'signature') {
      if ('placed' in mapping) drawSignature(mapping.placed);
      else {
        const field = form.getFieldMaybe(mapping.formField);
        const box = field ? boxOf(doc, field) : null;
        if (box) drawSignature(box);
      }
      continue;
    }
    const value = input.values[mapping.profileField] ?? '';
    if ('placed' in mapping) {
      const page = pages[mapping.placed.page];
      if (!page) continue;
      if (mapping.kind === 'checkbox') {
        if (isTicked(mapping, value)) drawTick(page, mapping.placed);
        continue;
      }
      if (value === '') continue;
      const size = Math.max(6, Math.min(11, mapping.placed.height * 0.7));
      page.drawText(value, {
        x: mapping.placed.x + 2,
        y: mapping.placed.y + (mapping.placed.height - size) / 2 + 1,
        size,
        font,
        color: rgb(0, 0, 0),
        maxWidth: mapping.placed.width - 4,
      });
      continue;
    }
    const field = form.getFieldMaybe(mapping.formField);
    if (!field) continue;
    if (field instanceof PDFTextField) {
      const max = field.getMaxLength();
      field.setText(max !== undefined ? value.slice(0, max) : value);
    } else if (field instanceof PDFCheckBox) {
      // Without an answer of its own, a box for a one-of field stands for the answer its name says.
      const answer = mapping.answer ?? proposeAnswer(field.getName(), mapping.profileField);
      const oneOf = fixedAnswersOf(mapping.profileField).length > 0;
      if ((answer !== undefined || !oneOf) && isTicked({ answer }, value)) field.check();
      else field.uncheck();
    } else if (
      field instanceof PDFRadioGroup ||
      field instanceof PDFDropdown ||
      field instanceof PDFOptionList
    ) {
      const option = chosenOption(mapping, field.getOptions(), value);
      if (option) field.select(option);
    }
  }
  for (const mapping of input.mappings) {
    if ('formField' in mapping) form.getFieldMaybe(mapping.formField)?.enableReadOnly();
  }
  form.updateFieldAppearances(font);
  await signature?.embed();
  return doc.save();
}
