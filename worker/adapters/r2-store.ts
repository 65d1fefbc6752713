// R2 object store for the Workers entry. Bytes move through the R2 binding; clients upload
// and download straight to R2 with S3 presigned URLs (aws4fetch), so large files never pass
// through the Worker. An upload URL signs the declared size and type (s3-upload-url.ts); the
// services still verify size and magic bytes with head()/readStart() before they accept one.
import { AwsClient } from 'aws4fetch';
import { ObjectExistsError, type ObjectStore, ObjectTooLargeError } from '../ports.ts';
import { presignUpload } from './s3-upload-url.ts';

type R2Options = {
  bucket: R2Bucket;
  bucketName: string;
  accountId: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The S3 API's origin; R2's own unless a local S3-compatible server stands in for it. */
  s3Origin?: string;
};

export function createR2Store(options: R2Options): ObjectStore {
  const aws = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    service: 's3',
    region: 'auto',
  });
  const origin = options.s3Origin ?? `https://${options.accountId}.r2.cloudflarestorage.com`;
  const endpoint = `${origin}/${options.bucketName}`;

  async function presign(
    method: 'PUT' | 'GET',
    key: string,
    expiresInSeconds: number,
    extra: Record<string, string> = {},
  ) {
    const url = new URL(`${endpoint}/${key.split('/').map(encodeURIComponent).join('/')}`);
    url.searchParams.set('X-Amz-Expires', String(expiresInSeconds));
    for (const [name, value] of Object.entries(extra)) url.searchParams.set(name, value);
    const signed = await aws.sign(new Request(url, { method }), { aws: { signQuery: true } });
    return signed.url;
  }

  return {
    async put(key, body, { contentType, maxBytes, length }) {
      if (await options.bucket.head(key)) throw new ObjectExistsError();
      // R2 accepts a stream only when its length is known up front; buffering instead would
      // hold up to 100 MB in an isolate's memory.
      if (length === undefined || !Number.isSafeInteger(length) || length < 0) {
        throw new Error('R2 needs the length of an upload (Content-Length) before it starts');
      }
      if (length > maxBytes) throw new ObjectTooLargeError(maxBytes);
      let size = 0;
      const limited = body.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            size += chunk.byteLength;
            if (size > maxBytes) controller.error(new ObjectTooLargeError(maxBytes));
            else controller.enqueue(chunk);
          },
        }),
      );
      try {
        await options.bucket.put(key, limited.pipeThrough(new FixedLengthStream(length)), {
          httpMetadata: { contentType },
          onlyIf: { etagDoesNotMatch: '*' },
        });
      } catch (error) {
        await options.bucket.delete(key);
        throw error;
      }
      return { size, contentType };
    },
    async get(key) {
      const object = await options.bucket.get(key);
      if (!object) return null;
      return {
        size: object.size,
        contentType: object.httpMetadata?.contentType ?? 'application/octet-stream',
        body: object.body as unknown as ReadableStream<Uint8Array>,
      };
    },
    async head(key) {
      const object = await options.bucket.head(key);
      return object
        ? {
            size: object.size,
            contentType: object.httpMetadata?.contentType ?? 'application/octet-stream',
          }
        : null;
    },
    async readStart(key, length) {
      const object = await options.bucket.get(key, { range: { offset: 0, length } });
      return object ? new Uint8Array(await object.arrayBuffer()) : null;
    },
    async delete(key) {
      await options.bucket.delete(key);
    },
    createUploadUrl(key, { expiresInSeconds, exact }) {
      const objectUrl = `${endpoint}/${key.split('/').map(encodeURIComponent).join('/')}`;
      return presignUpload({ ...options, objectUrl }, expiresInSeconds, exact);
    },
    createDownloadUrl(key, { fileName, expiresInSeconds }) {
      return presign('GET', key, expiresInSeconds, {
        'response-content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      });
    },
  };
}
