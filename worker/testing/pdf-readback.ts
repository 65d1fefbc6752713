// Reading a filled registration form back in tests, as staff tools would: the values of its
// fields, and where images (the signature) are drawn on its pages.
import {
  decodePDFRawStream,
  PDFArray,
  PDFCheckBox,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRadioGroup,
  PDFRawStream,
  PDFRef,
  PDFTextField,
} from 'pdf-lib';

/** Every field's value: text as typed, a checkbox 'checked'/'', a radio group's choice. */
export async function fieldValues(bytes: Uint8Array): Promise<Record<string, string>> {
  const form = (await PDFDocument.load(bytes)).getForm();
  const values: Record<string, string> = {};
  for (const field of form.getFields()) {
    if (field instanceof PDFTextField) values[field.getName()] = field.getText() ?? '';
    else if (field instanceof PDFCheckBox)
      values[field.getName()] = field.isChecked() ? 'checked' : '';
    else if (field instanceof PDFRadioGroup) values[field.getName()] = field.getSelected() ?? '';
  }
  return values;
}

export type DrawnImage = { page: number; x: number; y: number; width: number; height: number };
export type DrawnText = { page: number; x: number; y: number; text: string };

/** Images drawn by the pages' content (pdf-lib writes `q w 0 0 h x y cm /Name Do Q`). */
export async function drawnImages(bytes: Uint8Array): Promise<DrawnImage[]> {
  return (await drawn(bytes)).images;
}

/** Text drawn by the pages' content (a flat form's placed boxes), where each line starts. */
export async function drawnTexts(bytes: Uint8Array): Promise<DrawnText[]> {
  return (await drawn(bytes)).texts;
}

async function drawn(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  const found: DrawnImage[] = [];
  const texts: DrawnText[] = [];
  doc.getPages().forEach((page, index) => {
    const contents = page.node.get(PDFName.of('Contents'));
    const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
    const text = refs
      .map((ref) => {
        const stream = ref instanceof PDFRef ? doc.context.lookup(ref) : ref;
        if (!(stream instanceof PDFRawStream)) return '';
        return new TextDecoder('latin1').decode(decodePDFRawStream(stream).decode());
      })
      .join('\n');
    const xObjects = page.node.Resources()?.lookup(PDFName.of('XObject'), PDFDict);
    // A small interpreter of the graphics state: q/Q save and restore, cm multiplies, Do draws.
    type Matrix = [number, number, number, number, number, number];
    let ctm: Matrix = [1, 0, 0, 1, 0, 0];
    const stack: Matrix[] = [];
    const operands: string[] = [];
    let textAt = { x: 0, y: 0 };
    for (const token of text.split(/\s+/)) {
      if (token === 'q') stack.push(ctm);
      else if (token === 'Q') ctm = stack.pop() ?? [1, 0, 0, 1, 0, 0];
      else if (token === 'cm') {
        const [a, b, c, d, e, f] = operands.slice(-6).map(Number) as Matrix;
        const [A, B, C, D, E, F] = ctm;
        ctm = [
          a * A + b * C,
          a * B + b * D,
          c * A + d * C,
          c * B + d * D,
          e * A + f * C + E,
          e * B + f * D + F,
        ];
      } else if (token === 'Do') {
        const name = operands.at(-1)?.replace(/^\//, '') ?? '';
        const xObject = xObjects?.lookup(PDFName.of(name));
        if (
          xObject instanceof PDFRawStream &&
          xObject.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')
        ) {
          found.push({ page: index, width: ctm[0], height: ctm[3], x: ctm[4], y: ctm[5] });
        }
      } else if (token === 'Tm') {
        const [, , , , e, f] = operands.slice(-6).map(Number);
        textAt = { x: e ?? 0, y: f ?? 0 };
      } else if (token === 'Tj') {
        const shown = operands.at(-1) ?? '';
        const hex = /^<([0-9A-Fa-f]*)>$/.exec(shown)?.[1];
        const text = hex
          ? (hex.match(/../g) ?? [])
              .map((h) => String.fromCharCode(Number.parseInt(h, 16)))
              .join('')
          : shown.replace(/^\(|\)$/g, '');
        texts.push({ page: index, ...textAt, text });
      }
      if (/^[a-zA-Z'"*]+$/.test(token)) operands.length = 0;
      else operands.push(token);
    }
  });
  return { images: found, texts };
}
