// A file above 5 MiB goes up in parts (docs/decisions/063-resumable-uploads.md) on whichever
// target runs this spec (the Node entry's disk store, or R2's S3 API on the Workers target)
// and staff download the very bytes that were picked.
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { establishedWithRequiredUploads, submitForToken } from './application-helpers.ts';
import { staffDownload } from './staff-downloads.ts';
import { attach, expectUploaded, makePdf } from './wizard-helpers.ts';

test('a 12 MB PDF goes up in parts and staff download it byte for byte', async ({
  page,
  playwright,
}) => {
  test.setTimeout(180_000);
  const email = `parts.${Date.now()}@example.co.za`;
  await establishedWithRequiredUploads(page, email, { leaveEmpty: 'Certified ID Copy' });
  const pdf = makePdf('Certified ID pack');
  const big = Buffer.concat([pdf, randomBytes(12_000_000 - pdf.byteLength)]);
  const partPuts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && /[?&](part|partNumber)=\d+/.test(r.url())) partPuts.push(r.url());
  });
  await attach(page, 'Certified ID Copy', {
    name: 'id-pack.pdf',
    mimeType: 'application/pdf',
    buffer: big,
  });
  await expectUploaded(page, 'Certified ID Copy');
  // 12 MB in 5 MiB parts: three of them.
  expect(partPuts).toHaveLength(3);

  const token = await submitForToken(page);
  const stored = await staffDownload(playwright, page.request, {
    email,
    token,
    fileName: 'id-pack.pdf',
  });
  expect(stored.fileSize).toBe(big.byteLength);
  expect(Buffer.compare(stored.bytes, big)).toBe(0);
});
