// What sealing shows, and no more: a sealed record is unreadable without the device key that
// sealed it, a different key cannot open it, a changed record is refused rather than opened,
// and script cannot read the key out. It does not show that a copy of the browser profile
// reveals nothing: the browser keeps the key in that profile (SECURITY.md, accepted risks).
import { describe, expect, it } from 'vitest';
import {
  generateDeviceKey,
  isSealed,
  openBytes,
  openJson,
  type Sealed,
  sealBytes,
  sealJson,
} from './sealed-box.ts';

const draft = { firstName: 'Thandi', idNumber: '8001015009087' };

/** A copy of a sealed record with one byte of its data or IV flipped. */
function flipped(sealed: Sealed, part: 'data' | 'iv', at: number): Sealed {
  const iv = sealed.iv.slice();
  const data = new Uint8Array(sealed.data.slice(0));
  const target = part === 'iv' ? iv : data;
  target[at] = (target[at] ?? 0) ^ 0x01;
  return { iv, data: data.buffer };
}

describe('a record sealed with the device key', () => {
  it('opens with the key that sealed it, JSON and bytes alike', async () => {
    const key = await generateDeviceKey();
    const sealed = await sealJson(key, draft);
    expect(isSealed(sealed)).toBe(true);
    expect(await openJson(key, sealed)).toEqual(draft);
    const bytes = new Uint8Array([37, 80, 68, 70, 0, 255]);
    const back = await openBytes(key, await sealBytes(key, bytes.slice().buffer));
    expect(new Uint8Array(back)).toEqual(bytes);
  });

  it('holds none of the plain text, and equal drafts sealed twice do not look alike', async () => {
    const key = await generateDeviceKey();
    const a = await sealJson(key, draft);
    const b = await sealJson(key, draft);
    const text = new TextDecoder('latin1').decode(a.data);
    expect(text).not.toContain('8001015009087');
    expect(text).not.toContain('Thandi');
    // A fresh IV each time: the same draft gives another record.
    expect(a.iv).not.toEqual(b.iv);
    expect(new Uint8Array(a.data)).not.toEqual(new Uint8Array(b.data));
  });

  it('cannot be opened with a different device key', async () => {
    const key = await generateDeviceKey();
    const other = await generateDeviceKey();
    const sealed = await sealJson(key, draft);
    await expect(openJson(other, sealed)).rejects.toThrow();
    await expect(openBytes(other, sealed)).rejects.toThrow();
  });

  it('is refused, not opened, once a byte of it or of its IV is changed or it is cut short', async () => {
    const key = await generateDeviceKey();
    const sealed = await sealJson(key, draft);
    await expect(openJson(key, flipped(sealed, 'data', 0))).rejects.toThrow();
    // The last bytes are the authentication tag.
    await expect(
      openJson(key, flipped(sealed, 'data', sealed.data.byteLength - 1)),
    ).rejects.toThrow();
    await expect(openJson(key, flipped(sealed, 'iv', 0))).rejects.toThrow();
    const cut = { iv: sealed.iv, data: sealed.data.slice(0, sealed.data.byteLength - 1) };
    await expect(openJson(key, cut)).rejects.toThrow();
    // The untouched record still opens.
    expect(await openJson(key, sealed)).toEqual(draft);
  });

  it('comes from a device key that script can use but not read out', async () => {
    const key = await generateDeviceKey();
    expect(key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
    await expect(crypto.subtle.exportKey('jwk', key)).rejects.toThrow();
  });
});
