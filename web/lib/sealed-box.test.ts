import { describe, expect, it } from 'vitest';
import { generateDeviceKey, openBytes, openJson, sealBytes, sealJson } from './sealed-box.ts';

describe('sealed box', () => {
  it('round-trips JSON and bytes', async () => {
    const key = await generateDeviceKey();
    const draft = { firstName: 'Thandi', idNumber: '8001015009087' };
    expect(await openJson(key, await sealJson(key, draft))).toEqual(draft);
    const bytes = new Uint8Array([37, 80, 68, 70, 0, 255]).buffer;
    expect(new Uint8Array(await openBytes(key, await sealBytes(key, bytes)))).toEqual(
      new Uint8Array(bytes),
    );
  });

  it('does not keep the plain text and uses a fresh IV each time', async () => {
    const key = await generateDeviceKey();
    const a = await sealJson(key, { idNumber: '8001015009087' });
    const b = await sealJson(key, { idNumber: '8001015009087' });
    expect(new TextDecoder().decode(a.data)).not.toContain('8001015009087');
    expect(a.iv).not.toEqual(b.iv);
  });

  it('cannot be opened with another key, and the key cannot be exported', async () => {
    const key = await generateDeviceKey();
    const other = await generateDeviceKey();
    const sealed = await sealJson(key, { x: 1 });
    await expect(openJson(other, sealed)).rejects.toThrow();
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });
});
