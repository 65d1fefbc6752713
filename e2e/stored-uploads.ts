// Uploads as either target stores them: the Node entry's PUTs go to its own /api/storage/ URLs
// (files under DATA_DIR/store), the Workers target's to the object store's presigned URLs
// (s3rver standing in for R2, playwright.workers.config.ts).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Request } from '@playwright/test';
import { AwsClient } from 'aws4fetch';

/** True for the PUT of a file's bytes to its upload URL, on either target. */
export function isUploadPut(request: Request): boolean {
  if (request.method() !== 'PUT') return false;
  const url = new URL(request.url());
  return url.pathname.startsWith('/api/storage/') || url.searchParams.has('X-Amz-Signature');
}

/** Removes the object an upload URL wrote, as the server's cleanup would. */
export async function removeStoredUpload(uploadUrl: string): Promise<void> {
  const url = new URL(uploadUrl);
  if (url.pathname.startsWith('/api/storage/')) {
    const key = url.pathname.replace('/api/storage/', '');
    rmSync(join(process.env.E2E_DATA_DIR!, 'store', 'objects', key));
    return;
  }
  // The local S3 server's own key (worker/workers-local/object-server.ts).
  const aws = new AwsClient({ accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', service: 's3' });
  const response = await aws.fetch(`${url.origin}${url.pathname}`, { method: 'DELETE' });
  if (!response.ok) throw new Error(`DELETE of the stored upload answered ${response.status}`);
}
