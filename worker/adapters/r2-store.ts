// R2 object store for the Workers entry. Bytes move through the R2 binding; clients that declare
// a file's size and type upload straight to R2 with an S3 presigned URL signed for exactly that
// file (s3-upload-url.ts, aws4fetch), so large uploads never pass through the Worker. A client
// that declares neither (the spec's own {filename} request) gets the Worker's own signed URL
// instead: routes/storage.ts streams the body into the bucket through the binding, capped at
// the section's limit, as the disk store's URL does on Node (a URL signed for the host alone
// would let R2 take any body up to 5 GiB). The services still verify size and magic bytes
// with head()/readStart() before they accept an upload. Downloads are
// served by the Worker from the binding (routes/storage.ts, the disk store's signed GET), with
// the same headers as on Node: R2 cannot add `X-Content-Type-Options: nosniff` to a presigned
// GET, and a response-content-type override would be all a forged link needs.
import { signStorageUrl } from '../crypto/signed-urls.ts';
import {
  type Clock,
  IncompletePartError,
  LengthRequiredError,
  ObjectExistsError,
  type ObjectStore,
  ObjectTooLargeError,
  UploadNotFoundError,
} from '../ports.ts';
import { createS3Access, r2Multipart, type S3Options } from './r2-multipart.ts';
import { presignUpload } from './s3-upload-url.ts';

type R2Options = S3Options & {
  bucket: R2Bucket;
  /**
   * Signs the links the Worker serves itself (routes/storage.ts): downloads, and uploads that
   * declared no size; the secret of SIGNING_SECRET, and the origin upload links name.
   */
  served: { signingKey: CryptoKey; clock: Clock; origin: string };
};

export function createR2Store(options: R2Options): ObjectStore {
  const s3 = createS3Access(options);

  return {
    ...r2Multipart(s3),
    // Clients PUT parts to R2 itself; this serves the port for completeness (tests, tools).
    async putPart(key, uploadId, partNumber, body, size) {
      let received = 0;
      const counted = body.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            received += chunk.byteLength;
            if (received > size) controller.error(new ObjectTooLargeError(size));
            else controller.enqueue(chunk);
          },
          flush(controller) {
            if (received < size) controller.error(new IncompletePartError());
          },
        }),
      );
      try {
        const part = await options.bucket
          .resumeMultipartUpload(key, uploadId)
          .uploadPart(partNumber, counted.pipeThrough(new FixedLengthStream(size)));
        return { partNumber, etag: part.etag, size };
      } catch (error) {
        if (error instanceof ObjectTooLargeError || error instanceof IncompletePartError)
          throw error;
        if (String(error).includes('NoSuchUpload')) throw new UploadNotFoundError();
        throw error;
      }
    },
    async put(key, body, { contentType, maxBytes, length }) {
      if (await options.bucket.head(key)) throw new ObjectExistsError();
      // R2 accepts a stream only when its length is known up front; buffering instead would
      // hold up to 100 MB in an isolate's memory.
      if (length === undefined || !Number.isSafeInteger(length) || length < 0) {
        throw new LengthRequiredError();
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
      let stored: R2Object | null;
      try {
        stored = await options.bucket.put(key, limited.pipeThrough(new FixedLengthStream(length)), {
          httpMetadata: { contentType },
          onlyIf: { etagDoesNotMatch: '*' },
        });
      } catch (error) {
        await options.bucket.delete(key);
        throw error;
      }
      // R2 answers null, not an error, when the precondition fails: another writer got the key
      // first. Theirs stays; nothing of ours was written (issue 37, review G8).
      if (stored === null) throw new ObjectExistsError();
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
    async *list() {
      let cursor: string | undefined;
      do {
        const page = await options.bucket.list({ cursor, include: ['httpMetadata'] });
        for (const object of page.objects) {
          yield {
            key: object.key,
            size: object.size,
            contentType: object.httpMetadata?.contentType ?? 'application/octet-stream',
          };
        }
        cursor = page.truncated ? page.cursor : undefined;
      } while (cursor);
    },
    createUploadUrl(key, { contentTypes, maxBytes, expiresInSeconds, exact }) {
      if (!exact) {
        const { signingKey, clock, origin } = options.served;
        return signStorageUrl(
          signingKey,
          origin,
          { method: 'PUT', key, contentTypes, maxBytes, expiresInSeconds },
          clock.now(),
        );
      }
      const objectUrl = s3.objectUrl(key).toString();
      return presignUpload({ ...options, objectUrl }, expiresInSeconds, exact);
    },
    createDownloadUrl(key, { fileName, expiresInSeconds }) {
      // A link on the page's own origin, whichever host it was opened on (relative).
      const { signingKey, clock } = options.served;
      return signStorageUrl(
        signingKey,
        '',
        { method: 'GET', key, fileName, expiresInSeconds },
        clock.now(),
      );
    },
  };
}
