// A signed upload URL for the running server's disk store, made with its own signing secret
// (the bench bypasses the ticket API to measure the byte path alone).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { importSigningKey, signStorageUrl } from '../worker/crypto/signed-urls.ts';

export async function createDiskStoreUrl(dataDir: string, origin: string): Promise<string> {
  const secret = (await readFile(join(dataDir, 'signing-secret'), 'utf8')).trim();
  return signStorageUrl(await importSigningKey(secret), origin, {
    method: 'PUT',
    key: `bench/${crypto.randomUUID()}`,
    contentTypes: ['application/pdf'],
    maxBytes: 300 * 1024 * 1024,
    expiresInSeconds: 600,
  });
}
