// Finding 10: the signed string cannot be read two ways, so no field's content can stand in
// for a neighbour's.
import { describe, expect, it } from 'vitest';
import { canonical, importSigningKey, signStorageUrl, verifyStorageUrl } from './signed-urls.ts';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('signed storage URLs', () => {
  it('sign fields that cannot spill into each other', () => {
    expect(text(canonical('GET', 'k\n1', '2', 'n'))).not.toBe(
      text(canonical('GET', 'k', '1', '2\nn')),
    );
    expect(text(canonical('PUT', 'k', '1', 'a,b', '5'))).not.toBe(
      text(canonical('PUT', 'k', '1', 'a,b\n5', '')),
    );
  });

  it('still verify what they signed, and nothing else', async () => {
    const key = await importSigningKey('secret');
    const now = new Date('2026-01-01T00:00:00Z');
    const url = new URL(
      await signStorageUrl(
        key,
        'http://x',
        { method: 'GET', key: 'a/b', fileName: 'f.pdf', expiresInSeconds: 60 },
        now,
      ),
    );
    expect(await verifyStorageUrl(key, 'GET', 'a/b', url.searchParams, now)).toEqual({
      ok: true,
      method: 'GET',
      fileName: 'f.pdf',
    });
    url.searchParams.set('name', 'g.pdf');
    expect((await verifyStorageUrl(key, 'GET', 'a/b', url.searchParams, now)).ok).toBe(false);
  });
});
