// Uploads in parts on the local disk (docs/decisions/063-resumable-uploads.md). Each upload has
// a folder; a part streams to a temporary file, is checked for its exact size and renamed into
// place (so a part is there whole or not at all), named by its number and ETag. Completing
// joins the parts through the store's own put(), which links the object into place atomically.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';
import {
  IncompletePartError,
  ObjectTooLargeError,
  PartsMismatchError,
  type StoredObject,
  type StoredPart,
  UploadNotFoundError,
} from '../ports.ts';

const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PART_FILE = /^(\d{1,5})\.([0-9a-f]{32})\.part$/;

type Put = (
  key: string,
  body: ReadableStream<Uint8Array>,
  options: { contentType: string; maxBytes: number },
) => Promise<StoredObject>;

export function diskMultipart(root: string, put: Put) {
  const uploadsDir = join(root, 'multipart');
  const folderOf = (uploadId: string) => {
    if (!UPLOAD_ID.test(uploadId)) throw new UploadNotFoundError();
    return join(uploadsDir, uploadId);
  };

  async function metaOf(key: string, uploadId: string): Promise<{ contentType: string }> {
    try {
      const meta = JSON.parse(await readFile(join(folderOf(uploadId), 'meta.json'), 'utf8')) as {
        key: string;
        contentType: string;
      };
      if (meta.key !== key) throw new UploadNotFoundError();
      return meta;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new UploadNotFoundError();
      throw error;
    }
  }

  async function listParts(key: string, uploadId: string): Promise<StoredPart[]> {
    await metaOf(key, uploadId);
    const folder = folderOf(uploadId);
    const parts: StoredPart[] = [];
    for (const name of await readdir(folder)) {
      const match = PART_FILE.exec(name);
      if (!match) continue;
      const info = await stat(join(folder, name)).catch(() => null);
      if (info)
        parts.push({ partNumber: Number(match[1]), etag: `"${match[2]}"`, size: info.size });
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  return {
    async createMultipartUpload(key: string, { contentType }: { contentType: string }) {
      const uploadId = crypto.randomUUID();
      await mkdir(folderOf(uploadId), { recursive: true, mode: 0o700 });
      await writeFile(join(folderOf(uploadId), 'meta.json'), JSON.stringify({ key, contentType }), {
        mode: 0o600,
      });
      return uploadId;
    },

    async putPart(
      key: string,
      uploadId: string,
      partNumber: number,
      body: ReadableStream<Uint8Array>,
      size: number,
    ): Promise<StoredPart> {
      await metaOf(key, uploadId);
      const folder = folderOf(uploadId);
      const tmp = join(folder, `${crypto.randomUUID()}.tmp`);
      const hash = createHash('md5');
      let received = 0;
      const counter = async function* (source: AsyncIterable<Uint8Array>) {
        for await (const chunk of source) {
          received += chunk.byteLength;
          if (received > size) throw new ObjectTooLargeError(size);
          hash.update(chunk);
          yield chunk;
        }
        if (received < size) throw new IncompletePartError();
      };
      try {
        await pipeline(
          Readable.fromWeb(body as NodeWebReadableStream<Uint8Array>),
          counter,
          createWriteStream(tmp, { flags: 'wx', mode: 0o600 }),
        );
        const etag = hash.digest('hex');
        // A part sent again replaces the one before it (as S3 does).
        for (const name of await readdir(folder)) {
          if (PART_FILE.exec(name)?.[1] === String(partNumber)) await rm(join(folder, name));
        }
        await rename(tmp, join(folder, `${partNumber}.${etag}.part`));
        return { partNumber, etag: `"${etag}"`, size };
      } finally {
        await rm(tmp, { force: true });
      }
    },

    listParts,

    async completeMultipartUpload(
      key: string,
      uploadId: string,
      named: readonly { partNumber: number; etag: string }[],
    ): Promise<StoredObject> {
      const { contentType } = await metaOf(key, uploadId);
      const held = new Map((await listParts(key, uploadId)).map((p) => [p.partNumber, p]));
      const folder = folderOf(uploadId);
      const files = named.map(({ partNumber, etag }) => {
        const part = held.get(partNumber);
        if (!part || part.etag.replaceAll('"', '') !== etag.replaceAll('"', '')) {
          throw new PartsMismatchError();
        }
        return join(folder, `${partNumber}.${part.etag.replaceAll('"', '')}.part`);
      });
      const joined = Readable.from(
        (async function* () {
          for (const file of files) yield* createReadStream(file);
        })(),
      );
      const stored = await put(
        key,
        Readable.toWeb(joined) as unknown as ReadableStream<Uint8Array>,
        { contentType, maxBytes: Number.MAX_SAFE_INTEGER },
      );
      await rm(folder, { recursive: true, force: true });
      return stored;
    },

    async abortMultipartUpload(_key: string, uploadId: string) {
      if (!UPLOAD_ID.test(uploadId)) return;
      await rm(folderOf(uploadId), { recursive: true, force: true });
    },
  };
}
