import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http.ts';
import { declaredPngDataUrl, signaturePngDataUrl } from '../../testing/signature-fixture.ts';
import { signatureImage } from './signature-png.ts';

async function problemOf(signature: string): Promise<string | undefined> {
  try {
    await signatureImage(signature);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    return (error as ApiError).fields?.signaturePng;
  }
}

describe('the signature image', () => {
  it("takes the pad's own canvas, and smaller", async () => {
    expect(await problemOf(signaturePngDataUrl(600, 200))).toBeUndefined();
    const image = await signatureImage(signaturePngDataUrl(120, 40));
    expect([image.width, image.height]).toEqual([120, 40]);
  });

  it('refuses a header larger than the pad before its image data is read', async () => {
    // 20,000 × 20,000 RGBA would decode to 1.6 GB; the file carries one row of it.
    const giant = declaredPngDataUrl(20_000, 20_000, 80_001);
    expect(giant.length).toBeLessThan(1_000);
    expect(await problemOf(giant)).toBe(
      'The signature image is larger than the signature pad (600 × 200).',
    );
    expect(await problemOf(declaredPngDataUrl(601, 200, 601 * 4 + 1))).toMatch(/larger/);
  });

  it('refuses image data that inflates past what its header allows, or falls short', async () => {
    const rows = 200 * (1 + 600 * 4);
    expect(await problemOf(declaredPngDataUrl(600, 200, rows))).toBeUndefined();
    // A 600 × 200 header over 40 MB of zeros: a bomb inside an allowed header.
    expect(await problemOf(declaredPngDataUrl(600, 200, 40_000_000))).toBe(
      'The signature image is damaged.',
    );
    expect(await problemOf(declaredPngDataUrl(600, 200, rows - 1))).toBe(
      'The signature image is damaged.',
    );
  });

  it('refuses what the pad never makes: 16-bit, palette, interlaced, empty, not a PNG', async () => {
    const pad = /not one the signature pad makes/;
    expect(await problemOf(declaredPngDataUrl(10, 10, 10 * 81, [16, 6, 0, 0, 0]))).toMatch(pad);
    expect(await problemOf(declaredPngDataUrl(10, 10, 10 * 11, [8, 3, 0, 0, 0]))).toMatch(pad);
    expect(await problemOf(declaredPngDataUrl(10, 10, 10 * 41, [8, 6, 0, 0, 1]))).toMatch(pad);
    expect(await problemOf(declaredPngDataUrl(0, 10, 0))).toMatch(/empty/);
    expect(await problemOf(btoa('GIF89a'.padEnd(120, 'x')))).toMatch(/must be a PNG/);
  });
});
