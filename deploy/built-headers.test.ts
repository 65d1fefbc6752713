import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudflareHeadersFile } from '../worker/security-headers.ts';
import { checkBuiltHeaders } from './built-headers.ts';
import { DeployRefused } from './deploy-settings.ts';

const R2 = 'https://0123abcd.r2.cloudflarestorage.com';
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-headers-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("the deploy's check of the built _headers", () => {
  it('refuses a build whose CSP lacks the object store origin (an ordinary npm run build)', async () => {
    await writeFile(join(dir, '_headers'), cloudflareHeadersFile());
    await expect(checkBuiltHeaders(dir, R2)).rejects.toThrow(DeployRefused);
    await expect(checkBuiltHeaders(dir, R2)).rejects.toThrow(
      /connect-src lacks https:\/\/0123abcd/,
    );
  });

  it('refuses a build for another account', async () => {
    await writeFile(
      join(dir, '_headers'),
      cloudflareHeadersFile('https://other.r2.cloudflarestorage.com'),
    );
    await expect(checkBuiltHeaders(dir, R2)).rejects.toThrow(DeployRefused);
  });

  it('refuses a build without _headers or without a CSP', async () => {
    await writeFile(join(dir, '_headers'), '/*\n  X-Frame-Options: DENY\n');
    await expect(checkBuiltHeaders(dir, R2)).rejects.toThrow(/sets no Content-Security-Policy/);
    await expect(checkBuiltHeaders(join(dir, 'missing'), R2)).rejects.toThrow(/did not finish/);
  });

  it('lets a build with the origin in connect-src and img-src through', async () => {
    await writeFile(join(dir, '_headers'), cloudflareHeadersFile(R2));
    await expect(checkBuiltHeaders(dir, R2)).resolves.toBeUndefined();
  });
});
