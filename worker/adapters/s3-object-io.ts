// The R2 adapter's own object reads and writes through the bucket's S3 API instead of the R2
// binding. Used where the S3 API is a local S3-compatible server (npm run start:workers): the
// browser PUTs to that server with presigned URLs, and `wrangler dev`'s R2 binding is
// miniflare's separate store, so only the S3 API sees the same bytes (decision 078).
import { AwsClient } from 'aws4fetch';
import {
  ObjectExistsError,
  type ObjectStore,
  ObjectTooLargeError,
  type StoredObject,
} from '../ports.ts';
import { unescapeXml } from './r2-multipart.ts';

export type S3ObjectIoOptions = {
  /** The S3 API's origin, e.g. http://127.0.0.1:4331. */
  s3Origin: string;
  bucketName: string;
  accessKeyId: string;
  secretAccessKey: string;
};

type ObjectIo = Pick<ObjectStore, 'put' | 'get' | 'head' | 'readStart' | 'delete' | 'list'>;

/** workerd's FixedLengthStream; absent on Node. */
const FixedLength = (
  globalThis as { FixedLengthStream?: new (length: number) => TransformStream<Uint8Array> }
).FixedLengthStream;

export function createS3ObjectIo(options: S3ObjectIoOptions): ObjectIo {
  const aws = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    service: 's3',
    region: 'auto',
  });
  const objectUrl = (key: string) =>
    `${options.s3Origin}/${options.bucketName}/${key.split('/').map(encodeURIComponent).join('/')}`;

  /** A signed request whose body (a stream) is not hashed: S3 takes UNSIGNED-PAYLOAD. */
  async function send(method: string, key: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    headers.set('X-Amz-Content-Sha256', 'UNSIGNED-PAYLOAD');
    const signed = await aws.sign(objectUrl(key), { method, headers });
    return fetch(signed.url, { ...init, method, headers: signed.headers });
  }

  const described = (response: Response): StoredObject => ({
    size: Number(response.headers.get('Content-Length') ?? 0),
    contentType: response.headers.get('Content-Type') ?? 'application/octet-stream',
  });

  async function failed(response: Response, action: string): Promise<never> {
    const text = await response.text();
    throw new Error(`S3 ${action} answered ${response.status}: ${text.slice(0, 200)}`);
  }

  return {
    async put(key, body, { contentType, maxBytes, length }) {
      if ((await send('HEAD', key)).ok) throw new ObjectExistsError();
      if (length === undefined || !Number.isSafeInteger(length) || length < 0) {
        throw new Error('R2 needs the length of an upload (Content-Length) before it starts');
      }
      if (length > maxBytes) throw new ObjectTooLargeError(maxBytes);
      const response = await send('PUT', key, {
        headers: {
          'Content-Type': contentType,
          'Content-Length': String(length),
          'If-None-Match': '*',
        },
        // workerd sends a stream's length only through FixedLengthStream; Node (the backup
        // tool's restore) sends the Content-Length given, which needs a half-duplex body.
        body: FixedLength ? body.pipeThrough(new FixedLength(length)) : body,
        ...({ duplex: 'half' } as RequestInit),
      });
      if (response.status === 412) throw new ObjectExistsError();
      if (!response.ok) return failed(response, 'PUT');
      await response.body?.cancel();
      return { size: length, contentType };
    },
    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok || !response.body) return failed(response, 'GET');
      return { ...described(response), body: response.body };
    },
    async head(key) {
      const response = await send('HEAD', key);
      if (response.status === 404) return null;
      if (!response.ok) return failed(response, 'HEAD');
      return described(response);
    },
    async readStart(key, length) {
      const response = await send('GET', key, { headers: { Range: `bytes=0-${length - 1}` } });
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      // An empty object has no byte 0 to start a range at.
      if (response.status === 416) {
        await response.body?.cancel();
        return new Uint8Array();
      }
      if (!response.ok) return failed(response, 'GET');
      return new Uint8Array(await response.arrayBuffer()).subarray(0, length);
    },
    async *list() {
      let token: string | null = null;
      do {
        const query = new URLSearchParams({ 'list-type': '2' });
        if (token) query.set('continuation-token', token);
        const signed = await aws.sign(`${options.s3Origin}/${options.bucketName}?${query}`, {
          method: 'GET',
        });
        const response = await fetch(signed);
        const xml = await response.text();
        if (!response.ok) throw new Error(`S3 LIST answered ${response.status}`);
        for (const [, contents] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
          const key = unescapeXml(/<Key>([^<]*)<\/Key>/.exec(contents!)?.[1] ?? '');
          // The listing has no type: HEAD has it (a backup reads the object anyway).
          const info = key ? await this.head(key) : null;
          if (info) yield { key, ...info };
        }
        token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
          ? unescapeXml(
              /<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1] ?? '',
            )
          : null;
      } while (token);
    },
    async delete(key) {
      const response = await send('DELETE', key);
      await response.body?.cancel();
      if (!response.ok && response.status !== 404) throw new Error(`S3 DELETE: ${response.status}`);
    },
  };
}
