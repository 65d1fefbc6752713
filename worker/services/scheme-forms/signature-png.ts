// The practitioner's signature as the phone's pad makes it (a 600 × 200 canvas, decision 092),
// read before anything decodes it. A PNG of a few kilobytes can declare an image of hundreds
// of megapixels, and decoding one blocked the server for seconds and took hundreds of MB for
// each form; so the header is read first and anything larger than the pad's canvas, or whose
// image data inflates past what its header allows, is refused. What passes is decoded once
// per signing and drawn into every form.
import { PngEmbedder } from 'pdf-lib';
import { ApiError } from '../../http.ts';
import { inflatedLength } from '../form-pdfs/inflated-length.ts';

/** The signature pad's canvas (web/features/scheme-forms/signature-pad.tsx). */
export const SIGNATURE_CANVAS = { width: 600, height: 200 };

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Samples per pixel of each PNG colour type pdf-lib draws (grey, RGB, grey+alpha, RGBA). */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

function refused(problem: string): never {
  throw new ApiError(400, 'invalid_signature', `${problem} Clear the signature and sign again.`, {
    signaturePng: problem,
  });
}

const uint32 = (bytes: Uint8Array, at: number) =>
  ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;

/** The signature's PNG bytes from the request's data URL or bare base64, checked. */
export async function signatureImage(signature: string): Promise<PngEmbedder> {
  const base64 = signature.replace(/^data:image\/png;base64,/, '');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  if (!PNG_MAGIC.every((byte, i) => bytes[i] === byte))
    refused('The signature must be a PNG image.');
  // IHDR comes first: width, height, bit depth, colour type, compression, filter, interlace.
  if (bytes.length < 33 || uint32(bytes, 8) !== 13 || uint32(bytes, 12) !== 0x49484452) {
    refused('The signature image is damaged.');
  }
  const width = uint32(bytes, 16);
  const height = uint32(bytes, 20);
  const [depth, colour, , , interlace] = bytes.subarray(24, 29);
  if (width === 0 || height === 0) refused('The signature image is empty.');
  if (width > SIGNATURE_CANVAS.width || height > SIGNATURE_CANVAS.height) {
    refused(
      `The signature image is larger than the signature pad (${SIGNATURE_CANVAS.width} × ${SIGNATURE_CANVAS.height}).`,
    );
  }
  const channels = CHANNELS[colour!];
  if (depth !== 8 || channels === undefined || interlace !== 0) {
    refused('The signature image is not one the signature pad makes.');
  }
  // The image data may inflate to no more than its rows: a filter byte and the row's samples.
  const idat: Uint8Array[] = [];
  for (let at = 8; at + 12 <= bytes.length; ) {
    const length = uint32(bytes, at);
    const type = uint32(bytes, at + 4);
    if (at + 12 + length > bytes.length) refused('The signature image is damaged.');
    if (type === 0x49444154) idat.push(bytes.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const allowed = height * (1 + width * channels!);
  const data = new Uint8Array(idat.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of idat) {
    data.set(part, offset);
    offset += part.length;
  }
  const inflated = inflatedLength(data, allowed);
  if (!inflated.complete || inflated.length !== allowed) {
    refused('The signature image is damaged.');
  }
  return PngEmbedder.for(bytes);
}
