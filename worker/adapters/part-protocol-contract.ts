// The part protocol every ObjectStore keeps (docs/decisions/063-resumable-uploads.md), as one
// suite both stores run: the disk store through the app's own part URLs
// (disk-multipart.test.ts) and the R2 adapter's S3 path against a local S3-compatible server
// (r2-multipart.test.ts). A harness says which checks its server cannot make, and why.
import { describe, expect, it } from 'vitest';
import { MULTIPART_THRESHOLD_BYTES, PART_BYTES, partSizeOf } from '../../schema/upload-parts.ts';
import { type ObjectStore, PartsMismatchError, UploadNotFoundError } from '../ports.ts';

type PartStore = Pick<
  ObjectStore,
  | 'createMultipartUpload'
  | 'createPartUploadUrl'
  | 'listParts'
  | 'completeMultipartUpload'
  | 'abortMultipartUpload'
>;

export type PartProtocolHarness = {
  store: PartStore;
  /** PUTs bytes to a part URL the way a browser would; answers the status and the ETag. */
  sendPart(url: string, bytes: Uint8Array): Promise<{ status: number; etag: string | null }>;
  /** The object's bytes as a client would download them, or null when there is none. */
  readObject(key: string): Promise<Uint8Array | null>;
  /** Checks the server under test cannot make, each with the reason. */
  unsupported?: Partial<
    Record<'listParts' | 'abort' | 'partSize' | 'mismatch' | 'unknownUpload', string>
  >;
};

/** Bytes that differ from part to part, so a part out of place shows. */
export function fileBytes(size: number, seed = 1): Uint8Array {
  const bytes = new Uint8Array(size);
  let x = seed;
  for (let i = 0; i < size; i += 4) {
    x = (x * 1_103_515_245 + 12_345) >>> 0;
    bytes[i] = x & 255;
    bytes[i + 1] = (x >>> 8) & 255;
    bytes[i + 2] = (x >>> 16) & 255;
    bytes[i + 3] = (x >>> 24) & 255;
  }
  return bytes;
}

const partOf = (bytes: Uint8Array, n: number) =>
  bytes.subarray((n - 1) * PART_BYTES, (n - 1) * PART_BYTES + partSizeOf(n, bytes.byteLength));

export function partProtocolContract(name: string, harness: () => PartProtocolHarness) {
  describe(`${name}: the part protocol`, () => {
    const size = 2 * PART_BYTES + 123_457;
    const contentType = 'application/pdf';

    async function upload(key: string, bytes: Uint8Array, order: number[]) {
      const { store, sendPart } = harness();
      const uploadId = await store.createMultipartUpload(key, { contentType });
      const etags = new Map<number, string>();
      for (const n of order) {
        const part = partOf(bytes, n);
        const url = await store.createPartUploadUrl(key, uploadId, {
          partNumber: n,
          size: part.byteLength,
          expiresInSeconds: 600,
        });
        const answer = await sendPart(url, part);
        expect(answer.status).toBe(200);
        expect(answer.etag).toBeTruthy();
        etags.set(n, answer.etag!);
      }
      return { uploadId, etags };
    }
    const named = (etags: Map<number, string>) =>
      [...etags].sort(([a], [b]) => a - b).map(([partNumber, etag]) => ({ partNumber, etag }));

    it('joins parts sent in any order into the object, byte for byte', async () => {
      const { store, readObject } = harness();
      expect(size).toBeGreaterThan(MULTIPART_THRESHOLD_BYTES);
      const bytes = fileBytes(size, 7);
      const key = `uploads/${crypto.randomUUID()}`;
      const { uploadId, etags } = await upload(key, bytes, [2, 3, 1]);
      expect(await readObject(key)).toBeNull();
      const stored = await store.completeMultipartUpload(key, uploadId, named(etags));
      expect(stored.size).toBe(size);
      const back = await readObject(key);
      expect(back?.byteLength).toBe(size);
      expect(Buffer.compare(Buffer.from(back!), Buffer.from(bytes))).toBe(0);
    });

    it('lists the parts it holds, with their ETags and sizes, and a part sent again replaces', async (ctx) => {
      if (harness().unsupported?.listParts) ctx.skip(harness().unsupported?.listParts);
      const { store } = harness();
      const bytes = fileBytes(size, 3);
      const key = `uploads/${crypto.randomUUID()}`;
      const { uploadId, etags } = await upload(key, bytes, [1, 3, 1]);
      expect(await store.listParts(key, uploadId)).toEqual([
        { partNumber: 1, etag: etags.get(1), size: PART_BYTES },
        { partNumber: 3, etag: etags.get(3), size: partSizeOf(3, size) },
      ]);
      await store.abortMultipartUpload(key, uploadId);
    });

    it('refuses to complete with a part missing or another part’s ETag, storing nothing', async (ctx) => {
      if (harness().unsupported?.mismatch) ctx.skip(harness().unsupported?.mismatch);
      const { store, readObject } = harness();
      const bytes = fileBytes(size, 5);
      const key = `uploads/${crypto.randomUUID()}`;
      const { uploadId, etags } = await upload(key, bytes, [1, 2, 3]);
      const wrong = named(etags).map((p) =>
        p.partNumber === 2 ? { ...p, etag: etags.get(1)! } : p,
      );
      await expect(store.completeMultipartUpload(key, uploadId, wrong)).rejects.toBeInstanceOf(
        PartsMismatchError,
      );
      const missing = named(etags).map((p) => (p.partNumber === 2 ? { ...p, partNumber: 4 } : p));
      await expect(store.completeMultipartUpload(key, uploadId, missing)).rejects.toBeInstanceOf(
        PartsMismatchError,
      );
      expect(await readObject(key)).toBeNull();
      // The parts are still there: the right list completes.
      expect((await store.completeMultipartUpload(key, uploadId, named(etags))).size).toBe(size);
    });

    it('knows no upload it did not start', async (ctx) => {
      if (harness().unsupported?.unknownUpload) ctx.skip(harness().unsupported?.unknownUpload);
      const { store } = harness();
      const key = `uploads/${crypto.randomUUID()}`;
      await expect(
        store.completeMultipartUpload(key, crypto.randomUUID(), [{ partNumber: 1, etag: '"x"' }]),
      ).rejects.toBeInstanceOf(UploadNotFoundError);
    });

    it('refuses a part of another size than its URL was signed for', async (ctx) => {
      if (harness().unsupported?.partSize) ctx.skip(harness().unsupported?.partSize);
      const { store, sendPart } = harness();
      const key = `uploads/${crypto.randomUUID()}`;
      const uploadId = await store.createMultipartUpload(key, { contentType });
      const url = await store.createPartUploadUrl(key, uploadId, {
        partNumber: 1,
        size: 1000,
        expiresInSeconds: 600,
      });
      expect((await sendPart(url, fileBytes(2000))).status).toBeGreaterThanOrEqual(400);
      expect((await sendPart(url, fileBytes(2000))).status).toBeLessThan(500);
      await store.abortMultipartUpload(key, uploadId);
    });

    it('aborting drops the upload and its parts', async (ctx) => {
      if (harness().unsupported?.abort) ctx.skip(harness().unsupported?.abort);
      const { store, readObject } = harness();
      const bytes = fileBytes(size, 9);
      const key = `uploads/${crypto.randomUUID()}`;
      const { uploadId, etags } = await upload(key, bytes, [1, 2]);
      await store.abortMultipartUpload(key, uploadId);
      await expect(store.listParts(key, uploadId)).rejects.toBeInstanceOf(UploadNotFoundError);
      await expect(
        store.completeMultipartUpload(key, uploadId, named(etags)),
      ).rejects.toBeInstanceOf(UploadNotFoundError);
      expect(await readObject(key)).toBeNull();
      await store.abortMultipartUpload(key, uploadId);
    });
  });
}
