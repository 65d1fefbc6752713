// Uploads in parts on R2 through its S3 API (docs/decisions/063-resumable-uploads.md). Clients
// PUT parts straight to R2 with presigned UploadPart URLs, so the bytes never pass through the
// Worker; create, list, complete and abort are signed S3 calls made by the Worker. Each part
// URL signs the part's Content-Length, so R2 refuses a part of any other size and an upload
// can never hold more than the total it was started for.
import { AwsClient, AwsV4Signer } from 'aws4fetch';
import {
  PartsMismatchError,
  type StoredObject,
  type StoredPart,
  UploadNotFoundError,
} from '../ports.ts';

export type S3Options = {
  bucketName: string;
  accountId: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The S3 API's origin; R2's own unless a test points it at a local S3-compatible server. */
  s3Origin?: string;
};

/** The origin of the URLs createS3Access presigns (the pages' CSP must allow it). */
export function r2S3Origin(options: { accountId: string; s3Origin?: string }): string {
  return options.s3Origin
    ? new URL(options.s3Origin).origin
    : `https://${options.accountId}.r2.cloudflarestorage.com`;
}

/** Signed access to the bucket's S3 API (no Workers globals, so Node tests use it too). */
export function createS3Access(options: S3Options) {
  const credentials = {
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
  };
  const aws = new AwsClient({ ...credentials, service: 's3', region: 'auto' });
  const origin = options.s3Origin ?? `https://${options.accountId}.r2.cloudflarestorage.com`;
  const objectUrl = (key: string) =>
    new URL(`${origin}/${options.bucketName}/${key.split('/').map(encodeURIComponent).join('/')}`);

  /** A presigned URL for a GET or PUT of the whole object. */
  async function presign(
    method: 'PUT' | 'GET',
    key: string,
    expiresInSeconds: number,
    extra: Record<string, string> = {},
  ) {
    const url = objectUrl(key);
    url.searchParams.set('X-Amz-Expires', String(expiresInSeconds));
    for (const [name, value] of Object.entries(extra)) url.searchParams.set(name, value);
    const signed = new URL(
      (await aws.sign(new Request(url, { method }), { aws: { signQuery: true } })).url,
    );
    // aws4fetch signs a space as %20 but writes the URL's query with `+`, which S3 and R2 read
    // as a plus: the signature would not match (a file name with a space).
    signed.search = signed.search.replaceAll('+', '%20');
    return signed.toString();
  }

  return { aws, credentials, objectUrl, presign };
}

type S3Access = ReturnType<typeof createS3Access>;

export const xmlText = (xml: string, tag: string) =>
  new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1] ?? null;

export const unescapeXml = (text: string) =>
  text
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/** S3 answers some failures with 200 and an <Error> body (CompleteMultipartUpload does). */
async function s3Failure(response: Response): Promise<string | null> {
  const text = await response.text();
  if (response.ok && !text.includes('<Error>')) return null;
  return xmlText(text, 'Code') ?? `HTTP ${response.status}`;
}

function throwFor(code: string, action: string): never {
  if (code === 'NoSuchUpload') throw new UploadNotFoundError();
  if (['InvalidPart', 'InvalidPartOrder', 'EntityTooSmall'].includes(code)) {
    throw new PartsMismatchError();
  }
  throw new Error(`R2 ${action} failed: ${code}`);
}

export function r2Multipart({ aws, credentials, objectUrl }: S3Access) {
  const withQuery = (key: string, query: Record<string, string>) => {
    const url = objectUrl(key);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url;
  };

  async function listParts(key: string, uploadId: string): Promise<StoredPart[]> {
    const parts: StoredPart[] = [];
    let marker = '0';
    for (;;) {
      const response = await aws.fetch(withQuery(key, { uploadId, 'part-number-marker': marker }), {
        method: 'GET',
      });
      const text = await response.text();
      if (!response.ok) throwFor(xmlText(text, 'Code') ?? `HTTP ${response.status}`, 'ListParts');
      for (const [, body] of text.matchAll(/<Part>([\s\S]*?)<\/Part>/g)) {
        parts.push({
          partNumber: Number(xmlText(body!, 'PartNumber')),
          etag: unescapeXml(xmlText(body!, 'ETag') ?? ''),
          size: Number(xmlText(body!, 'Size')),
        });
      }
      if (xmlText(text, 'IsTruncated') !== 'true') return parts;
      marker = xmlText(text, 'NextPartNumberMarker') ?? '';
      if (!marker) return parts;
    }
  }

  return {
    async createMultipartUpload(key: string, { contentType }: { contentType: string }) {
      const response = await aws.fetch(withQuery(key, { uploads: '' }), {
        method: 'POST',
        headers: { 'Content-Type': contentType },
      });
      const text = await response.text();
      const uploadId = response.ok ? xmlText(text, 'UploadId') : null;
      if (!uploadId) throwFor(xmlText(text, 'Code') ?? `HTTP ${response.status}`, 'Create');
      return uploadId;
    },

    async createPartUploadUrl(
      key: string,
      uploadId: string,
      {
        partNumber,
        size,
        expiresInSeconds,
      }: { partNumber: number; size: number; expiresInSeconds: number },
    ) {
      const url = withQuery(key, {
        partNumber: String(partNumber),
        uploadId,
        'X-Amz-Expires': String(expiresInSeconds),
      });
      // AwsV4Signer rather than AwsClient.sign: a Request would drop the Content-Length header
      // that the URL must be signed for.
      const signer = new AwsV4Signer({
        ...credentials,
        url: url.toString(),
        method: 'PUT',
        headers: { 'content-length': String(size) },
        service: 's3',
        region: 'auto',
        signQuery: true,
        allHeaders: true,
      });
      return (await signer.sign()).url.toString();
    },

    listParts,

    async completeMultipartUpload(
      key: string,
      uploadId: string,
      parts: readonly { partNumber: number; etag: string }[],
    ): Promise<StoredObject> {
      const body = `<CompleteMultipartUpload>${parts
        .map(
          (p) =>
            `<Part><PartNumber>${p.partNumber}</PartNumber><ETag>${p.etag.replace(/[<>&]/g, '')}</ETag></Part>`,
        )
        .join('')}</CompleteMultipartUpload>`;
      const response = await aws.fetch(withQuery(key, { uploadId }), {
        method: 'POST',
        headers: { 'Content-Type': 'application/xml' },
        body,
      });
      const failure = await s3Failure(response);
      if (failure) throwFor(failure, 'CompleteMultipartUpload');
      const head = await aws.fetch(objectUrl(key), { method: 'HEAD' });
      if (!head.ok) throw new Error(`R2 HEAD after completion failed: HTTP ${head.status}`);
      return {
        size: Number(head.headers.get('Content-Length')),
        contentType: head.headers.get('Content-Type') ?? 'application/octet-stream',
      };
    },

    async abortMultipartUpload(key: string, uploadId: string) {
      const response = await aws.fetch(withQuery(key, { uploadId }), { method: 'DELETE' });
      const failure = response.status === 404 ? null : await s3Failure(response);
      if (failure && failure !== 'NoSuchUpload') throwFor(failure, 'AbortMultipartUpload');
    },
  };
}
