// The multipart calls s3rver 3.7 lacks and R2 has, answered from s3rver's own files so the local
// Workers target (and the R2 adapter's contract test) can run uploads in parts end to end:
// ListParts (GET ?uploadId: s3rver answers 405), AbortMultipartUpload (DELETE ?uploadId: s3rver
// would delete the object instead) and NoSuchUpload for an unknown upload id on those and on
// CompleteMultipartUpload (s3rver answers InternalError). Parts, their sizes and ETags are the
// files s3rver wrote under its `uploads` folder (`<n>` and `<n>.md5`).
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type S3rver from 's3rver';

type Context = {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  req: IncomingMessage;
  res: ServerResponse;
  status: number;
  body: unknown;
  set(name: string, value: string): void;
};
type Internals = {
  store: { getResourcePath(bucket: string, key: undefined, resource: string): string };
  middleware: ((ctx: Context, next: () => Promise<void>) => Promise<void>)[];
};

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const escapeXml = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function answer(ctx: Context, status: number, xml = '') {
  ctx.status = status;
  if (xml) {
    ctx.set('Content-Type', 'application/xml');
    ctx.body = `${XML_HEAD}${xml}`;
  } else {
    ctx.body = null;
  }
}

const noSuchUpload = (ctx: Context, uploadId: string) =>
  answer(
    ctx,
    404,
    `<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${escapeXml(uploadId)}</UploadId></Error>`,
  );

async function partsOf(dir: string) {
  const names = (await readdir(dir)).filter((name) => /^\d+$/.test(name));
  const parts = await Promise.all(
    names.map(async (name) => ({
      partNumber: Number(name),
      size: (await stat(join(dir, name))).size,
      etag: `"${(await readFile(join(dir, `${name}.md5`), 'utf8')).trim()}"`,
    })),
  );
  return parts.sort((a, b) => a.partNumber - b.partNumber);
}

function listPartsXml(
  bucket: string,
  key: string,
  uploadId: string,
  parts: Awaited<ReturnType<typeof partsOf>>,
) {
  const items = parts
    .map(
      (p) =>
        `<Part><PartNumber>${p.partNumber}</PartNumber><ETag>${escapeXml(p.etag)}</ETag><Size>${p.size}</Size></Part>`,
    )
    .join('');
  return `<ListPartsResult><Bucket>${escapeXml(bucket)}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${escapeXml(uploadId)}</UploadId><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${items}</ListPartsResult>`;
}

/** Adds the calls to `server` (before any of its own handlers). Path-style requests only. */
export function addMissingMultipartCalls(server: S3rver): void {
  const internals = server as unknown as Internals;
  internals.middleware.unshift(async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    const match = /^\/([^/]+)\/(.+)$/.exec(ctx.path);
    if (!uploadId || !match || !['GET', 'DELETE', 'POST'].includes(ctx.method)) return next();
    const [, bucket, key] = match as unknown as [string, string, string];
    // s3rver names upload folders in hex; anything else cannot be one of its uploads.
    if (!/^[0-9a-f]+$/.test(uploadId)) return noSuchUpload(ctx, uploadId);
    const dir = join(internals.store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
    const exists = await stat(dir).then(
      (s) => s.isDirectory(),
      () => false,
    );
    if (!exists) return noSuchUpload(ctx, uploadId);
    if (ctx.method === 'POST') return next();
    if (ctx.method === 'DELETE') {
      await rm(dir, { recursive: true, force: true });
      return answer(ctx, 204);
    }
    answer(ctx, 200, listPartsXml(bucket, decodeURIComponent(key), uploadId, await partsOf(dir)));
  });
}
