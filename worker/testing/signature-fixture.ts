// A signature as the phone's pad sends it: a PNG data URL of dark strokes on a clear
// background, made here without a canvas (a real, decodable PNG: pdf-lib embeds it).
import { deflateSync } from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function png(header: Buffer, rows: Uint8Array): string {
  const bytes = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', new Uint8Array()),
  ]);
  return `data:image/png;base64,${bytes.toString('base64')}`;
}

function ihdr(width: number, height: number, rest = [8, 6, 0, 0, 0]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set(rest, 8); // 8-bit RGBA, not interlaced, unless told
  return header;
}

/**
 * A small file whose header declares `width` × `height` (and, if given, bit depth, colour
 * type, compression, filter, interlace), with `rows` bytes of deflated zeros as its image data:
 * decoded, it would take width × height × 4 bytes or more.
 */
export function declaredPngDataUrl(width: number, height: number, rows: number, rest?: number[]) {
  return png(ihdr(width, height, rest), new Uint8Array(rows));
}

/** A 120 × 40 RGBA PNG with a diagonal stroke, as a data URL. */
export function signaturePngDataUrl(width = 120, height = 40): string {
  const header = ihdr(width, height);
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    const x = Math.round((y / height) * width);
    for (let dx = -3; dx <= 3; dx++) {
      const at = y * (width * 4 + 1) + 1 + Math.min(width - 1, Math.max(0, x + dx)) * 4;
      rows.set([20, 20, 60, 255], at);
    }
  }
  return png(header, rows);
}
