// The set-up QR code as a phone camera meets it: drawn as pixels (4 per module, black on
// white) and read back by a decoder, for the otpauth URIs the server makes and the longest
// ones the set-up step may show.
import decodeQR from 'qr/decode.js';
import { describe, expect, it } from 'vitest';
import { qrModules } from './qr-modules.ts';

function pixels(modules: boolean[][], scale = 4) {
  const size = modules.length * scale;
  const data = new Uint8Array(size * size * 4).fill(255);
  for (const [y, row] of modules.entries()) {
    for (const [x, dark] of row.entries()) {
      if (!dark) continue;
      for (let dy = 0; dy < scale; dy++) {
        const at = ((y * scale + dy) * size + x * scale) * 4;
        for (let dx = 0; dx < scale; dx++) data.fill(0, at + dx * 4, at + dx * 4 + 3);
      }
    }
  }
  return { width: size, height: size, data };
}

describe('qrModules', () => {
  it.each([
    'otpauth://totp/Medical%20Billing%20Bureau:thandi.nkosi%40bureau.co.za?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Medical%20Billing%20Bureau&algorithm=SHA1&digits=6&period=30',
    `otpauth://totp/${'a'.repeat(150)}?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ`,
  ])('draws a code a decoder reads back as the text (%#)', async (text) => {
    const modules = await qrModules(text);
    expect(modules.length).toBe(modules[0]!.length);
    // The quiet zone: four light modules on every side.
    for (const row of [...modules.slice(0, 4), ...modules.slice(-4)])
      expect(row).not.toContain(true);
    for (const row of modules) expect([...row.slice(0, 4), ...row.slice(-4)]).not.toContain(true);
    expect(decodeQR(pixels(modules))).toBe(text);
  });
});
