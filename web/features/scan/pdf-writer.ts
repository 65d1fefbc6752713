// A small JPEG-to-PDF writer (docs/decisions/075-on-device-scan-pdf.md): each page is one
// DCTDecode image XObject, the JPEG's own bytes, scaled to fit an A4 page (portrait, or
// landscape for a landscape picture) and centred. No re-encoding, no dependency: the phone
// does not download a PDF library to write what is a few dozen lines of PDF syntax.

/** A4 in PDF points (1/72 inch). */
export const A4_SHORT_PT = 595.28;
export const A4_LONG_PT = 841.89;

export type JpegInfo = { width: number; height: number; components: number };

/** Width, height and colour components from a JPEG's start-of-frame marker. */
export function readJpegInfo(bytes: Uint8Array): JpegInfo {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error('not a JPEG');
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) throw new Error('broken JPEG marker');
    const marker = bytes[i + 1]!;
    // Fill bytes and markers without a length.
    if (marker === 0xff || (marker >= 0xd0 && marker <= 0xd9) || marker === 0x01) {
      i += marker === 0xff ? 1 : 2;
      continue;
    }
    const length = (bytes[i + 2]! << 8) | bytes[i + 3]!;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) {
      return {
        height: (bytes[i + 5]! << 8) | bytes[i + 6]!,
        width: (bytes[i + 7]! << 8) | bytes[i + 8]!,
        components: bytes[i + 9]!,
      };
    }
    i += 2 + length;
  }
  throw new Error('JPEG without a frame header');
}

const COLOUR_SPACES: Record<number, string> = {
  1: '/DeviceGray',
  3: '/DeviceRGB',
  4: '/DeviceCMYK',
};

/** The page size for a picture: A4, landscape when the picture is wider than tall. */
export function pageSizeFor(width: number, height: number): { width: number; height: number } {
  return width > height
    ? { width: A4_LONG_PT, height: A4_SHORT_PT }
    : { width: A4_SHORT_PT, height: A4_LONG_PT };
}

const num = (value: number) => String(Math.round(value * 100) / 100);

/** One PDF with one page per JPEG, in the order given. */
export function writeJpegPdf(jpegs: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  if (jpegs.length === 0) throw new Error('a PDF needs at least one page');
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (part: Uint8Array | string) => {
    const bytes = typeof part === 'string' ? encoder.encode(part) : part;
    parts.push(bytes);
    length += bytes.byteLength;
  };
  const object = (id: number, body: string) => {
    offsets[id] = length;
    push(`${id} 0 obj\n${body}\nendobj\n`);
  };

  // A comment of bytes above 127 after the header tells transfer tools the file is binary.
  push('%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n');
  const pageIds = jpegs.map((_, i) => 3 + i * 3);
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(
    2,
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${jpegs.length} >>`,
  );
  jpegs.forEach((jpeg, i) => {
    const info = readJpegInfo(jpeg);
    const colourSpace = COLOUR_SPACES[info.components];
    if (!colourSpace) throw new Error(`unsupported JPEG with ${info.components} components`);
    const page = pageSizeFor(info.width, info.height);
    const scale = Math.min(page.width / info.width, page.height / info.height);
    const w = info.width * scale;
    const h = info.height * scale;
    const x = (page.width - w) / 2;
    const y = (page.height - h) / 2;
    const [pageId, contentId, imageId] = [pageIds[i]!, pageIds[i]! + 1, pageIds[i]! + 2];
    object(
      pageId,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(page.width)} ${num(page.height)}] /Resources << /XObject << /Im0 ${imageId} 0 R >> >> /Contents ${contentId} 0 R >>`,
    );
    const content = `q ${num(w)} 0 0 ${num(h)} ${num(x)} ${num(y)} cm /Im0 Do Q`;
    object(contentId, `<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    offsets[imageId] = length;
    push(
      `${imageId} 0 obj\n<< /Type /XObject /Subtype /Image /Width ${info.width} /Height ${info.height} /ColorSpace ${colourSpace} /BitsPerComponent 8 /Filter /DCTDecode${info.components === 4 ? ' /Decode [1 0 1 0 1 0 1 0]' : ''} /Length ${jpeg.byteLength} >>\nstream\n`,
    );
    push(jpeg);
    push('\nendstream\nendobj\n');
  });

  const count = 3 + jpegs.length * 3;
  const xref = length;
  let table = `xref\n0 ${count}\n0000000000 65535 f \n`;
  for (let id = 1; id < count; id++) table += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  push(`${table}trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);

  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}
