import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { A4_LONG_PT, A4_SHORT_PT, readJpegInfo, writeJpegPdf } from './pdf-writer.ts';

/** The markers a JPEG reader needs to find the frame: SOI, an APP0, SOF0 and EOI. */
function jpegHeader(width: number, height: number, components = 3, filler = 0): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof = [
    0xff,
    0xc0,
    0,
    8 + components * 3,
    8,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    components,
  ];
  for (let c = 0; c < components; c++) sof.push(c + 1, 0x11, 0);
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof, ...new Array(filler).fill(0x55), 0xff, 0xd9]);
}

function imageStream(doc: PDFDocument, index: number): PDFRawStream {
  const xobjects = doc.getPage(index).node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
  const image = xobjects.lookup(PDFName.of('Im0'));
  if (!(image instanceof PDFRawStream)) throw new Error('no image on the page');
  return image;
}

function imageOf(doc: PDFDocument, index: number) {
  const image = imageStream(doc, index);
  const number = (key: string) => image.dict.lookup(PDFName.of(key), PDFNumber).asNumber();
  expect(image.dict.get(PDFName.of('Filter'))).toBe(PDFName.of('DCTDecode'));
  return { width: number('Width'), height: number('Height'), bytes: image.contents.byteLength };
}

describe('writeJpegPdf', () => {
  it('writes one A4 page per picture, in order, landscape pictures on landscape pages', async () => {
    const pictures = [
      jpegHeader(1200, 1600, 3, 10),
      jpegHeader(1600, 900, 3, 20),
      jpegHeader(800, 800, 1, 30),
    ];
    const pdf = writeJpegPdf(pictures);
    const doc = await PDFDocument.load(pdf, { throwOnInvalidObject: true });
    expect(doc.getPageCount()).toBe(3);
    const sizes = doc.getPages().map((p) => p.getSize());
    expect(sizes[0]).toEqual({ width: A4_SHORT_PT, height: A4_LONG_PT });
    expect(sizes[1]).toEqual({ width: A4_LONG_PT, height: A4_SHORT_PT });
    // A square picture stays on a portrait page.
    expect(sizes[2]).toEqual({ width: A4_SHORT_PT, height: A4_LONG_PT });
    expect([0, 1, 2].map((i) => imageOf(doc, i))).toEqual([
      { width: 1200, height: 1600, bytes: pictures[0]!.byteLength },
      { width: 1600, height: 900, bytes: pictures[1]!.byteLength },
      { width: 800, height: 800, bytes: pictures[2]!.byteLength },
    ]);
    // The JPEG goes in unchanged: no second lossy encoding.
    const image = imageStream(doc, 1);
    expect([...image.contents]).toEqual([...pictures[1]!]);
  });

  it('scales the picture to fit the page and centres it', () => {
    const pdf = new TextDecoder('latin1').decode(writeJpegPdf([jpegHeader(1000, 2000)]));
    // 1000 × 2000 on 595.28 × 841.89: height bound, scale 0.420945.
    expect(pdf).toContain('q 420.95 0 0 841.89 87.17 0 cm /Im0 Do Q');
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('has a cross-reference table whose offsets point at each object', () => {
    const bytes = writeJpegPdf([jpegHeader(10, 20), jpegHeader(30, 10)]);
    const text = new TextDecoder('latin1').decode(bytes);
    const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const rows = text
      .slice(xref)
      .split('\n')
      .slice(3, 3 + 8);
    rows.forEach((row, i) => {
      const offset = Number(row.slice(0, 10));
      expect(text.slice(offset, offset + 8)).toBe(`${i + 1} 0 obj\n`.slice(0, 8));
    });
  });

  it('refuses what it cannot write', () => {
    expect(() => writeJpegPdf([])).toThrow(/at least one page/);
    expect(() => writeJpegPdf([new Uint8Array([0x89, 0x50, 0x4e, 0x47])])).toThrow(/not a JPEG/);
    expect(() => writeJpegPdf([jpegHeader(10, 10, 2)])).toThrow(/2 components/);
  });
});

describe('readJpegInfo', () => {
  it('finds the frame after other segments', () => {
    expect(readJpegInfo(jpegHeader(4032, 3024))).toEqual({
      width: 4032,
      height: 3024,
      components: 3,
    });
  });
});
