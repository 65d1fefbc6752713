// Local-disk object store for the embedded (Node) server. Bytes stream to a temporary file
// and are linked into place only when complete, so a reader never sees a partial object and
// an interrupted or oversize upload leaves nothing behind. Keys are checked so they cannot
// leave the store's folder.
import { createReadStream, createWriteStream } from 'node:fs';
import {
  link,
  mkdir,
  open,
  readdir,
  readFile,
  rm,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';
import { signStorageUrl } from '../crypto/signed-urls.ts';
import {
  type Clock,
  ObjectExistsError,
  type ObjectStore,
  ObjectTooLargeError,
  type StoredObject,
} from '../ports.ts';
import { diskMultipart } from './disk-multipart.ts';

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}(\/[A-Za-z0-9][A-Za-z0-9._-]{0,127}){0,4}$/;

export function isSafeObjectKey(key: string): boolean {
  return (
    KEY_PATTERN.test(key) && !key.split('/').some((part) => part === '..' || part.startsWith('.'))
  );
}

type DiskStoreOptions = {
  root: string;
  publicOrigin: string;
  /**
   * The origin of the request being answered, when URLs are to be signed for it instead of
   * publicOrigin (no PUBLIC_ORIGIN set: any local host works, decision 093).
   */
  requestOrigin?: () => string | undefined;
  signingKey: CryptoKey;
  clock: Clock;
};

export function createDiskStore(options: DiskStoreOptions): ObjectStore {
  const root = resolve(options.root);
  const objectsDir = join(root, 'objects');
  const tmpDir = join(root, 'tmp');

  function pathOf(key: string): string {
    if (!isSafeObjectKey(key)) throw new Error('Invalid object key');
    const full = resolve(objectsDir, key);
    if (!full.startsWith(objectsDir + sep)) throw new Error('Invalid object key');
    return full;
  }
  const metaPath = (path: string) => `${path}.meta.json`;
  /** Where signed URLs point: the request's own origin when asked to, else publicOrigin. */
  const urlOrigin = () => options.requestOrigin?.() ?? options.publicOrigin;

  async function head(key: string): Promise<StoredObject | null> {
    const path = pathOf(key);
    try {
      const [info, meta] = await Promise.all([stat(path), readFile(metaPath(path), 'utf8')]);
      const { contentType } = JSON.parse(meta) as { contentType: string };
      return { size: info.size, contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async function put(
    key: string,
    body: ReadableStream<Uint8Array>,
    { contentType, maxBytes }: { contentType: string; maxBytes: number },
  ): Promise<StoredObject> {
    const path = pathOf(key);
    // Owner only, whatever the umask: these are ID copies and bank letters.
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    await mkdir(tmpDir, { recursive: true, mode: 0o700 });
    const tmp = join(tmpDir, `${crypto.randomUUID()}.part`);
    let size = 0;
    const limiter = async function* (source: AsyncIterable<Uint8Array>) {
      for await (const chunk of source) {
        size += chunk.byteLength;
        if (size > maxBytes) throw new ObjectTooLargeError(maxBytes);
        yield chunk;
      }
    };
    try {
      await pipeline(
        Readable.fromWeb(body as NodeWebReadableStream<Uint8Array>),
        limiter,
        createWriteStream(tmp, { flags: 'wx', mode: 0o600 }),
      );
      await writeFile(metaPath(tmp), JSON.stringify({ contentType }), { mode: 0o600 });
      // link() refuses an existing target: the first complete upload wins, atomically.
      try {
        await link(tmp, path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new ObjectExistsError();
        throw error;
      }
      await link(metaPath(tmp), metaPath(path)).catch(async (error) => {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
          await unlink(path).catch(() => {});
          throw error;
        }
      });
      return { size, contentType };
    } finally {
      await rm(tmp, { force: true });
      await rm(metaPath(tmp), { force: true });
    }
  }

  return {
    put,
    ...diskMultipart(root, put),

    createPartUploadUrl(key, uploadId, { partNumber, size, expiresInSeconds }) {
      pathOf(key);
      return signStorageUrl(
        options.signingKey,
        urlOrigin(),
        { method: 'PART', key, uploadId, partNumber, size, expiresInSeconds },
        options.clock.now(),
      );
    },

    async get(key) {
      const info = await head(key);
      if (!info) return null;
      const stream = Readable.toWeb(
        createReadStream(pathOf(key)),
      ) as unknown as ReadableStream<Uint8Array>;
      return { ...info, body: stream };
    },

    head,

    async readStart(key, length) {
      const path = pathOf(key);
      let handle: Awaited<ReturnType<typeof open>> | undefined;
      try {
        handle = await open(path, 'r');
        const buffer = new Uint8Array(length);
        const { bytesRead } = await handle.read(buffer, 0, length, 0);
        return buffer.subarray(0, bytesRead);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      } finally {
        await handle?.close();
      }
    },

    async *list() {
      const names = await readdir(objectsDir, { recursive: true }).catch((error) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      });
      for (const name of names) {
        if (name.endsWith('.meta.json')) continue;
        const key = relative(objectsDir, join(objectsDir, name)).split(sep).join('/');
        if (!isSafeObjectKey(key)) continue;
        // A folder, or an object deleted since the listing: nothing to report.
        const info = await head(key).catch(() => null);
        if (info) yield { key, ...info };
      }
    },

    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      await rm(metaPath(path), { force: true });
    },

    createUploadUrl(key, { contentTypes, maxBytes, expiresInSeconds }) {
      pathOf(key);
      return signStorageUrl(
        options.signingKey,
        urlOrigin(),
        {
          method: 'PUT',
          key,
          contentTypes,
          maxBytes,
          expiresInSeconds,
        },
        options.clock.now(),
      );
    },

    createDownloadUrl(key, { fileName, expiresInSeconds }) {
      pathOf(key);
      return signStorageUrl(
        options.signingKey,
        urlOrigin(),
        {
          method: 'GET',
          key,
          fileName,
          expiresInSeconds,
        },
        options.clock.now(),
      );
    },
  };
}
