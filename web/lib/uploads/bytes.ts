// A queued file's bytes on the device, in sealed chunks the size of an upload part
// (schema/upload-parts.ts), so adding, storing and sending a 100 MB PDF holds one part in
// memory at a time rather than the whole file several times over. A file kept before chunks
// (record version 1) is one chunk: the whole file under `file:<id>`, read as it is. Bytes that
// replace a file's (a compressed photo) go under a key of their own, `<id>.<n>`, and the record
// moves to them once they are all written, so a page killed in between still has the old ones.
import { PART_BYTES } from '../../../schema/upload-parts.ts';
import { getBytes, putBytes, recordNames, remove } from '../device-store.ts';
import { release } from '../sealed-box.ts';

/**
 * What the bytes' layout depends on; chunkSize absent: one chunk holding the whole file;
 * bytesId absent: the chunks are under the file's id.
 */
export type ChunkLayout = { id: string; size: number; chunkSize?: number; bytesId?: string };

export const chunkRecord = (key: string, n: number) =>
  n === 0 ? `file:${key}` : `file:${key}:${n}`;
const keyOf = (file: ChunkLayout) => file.bytesId ?? file.id;

const chunkSizeOf = (file: ChunkLayout) => file.chunkSize ?? Math.max(file.size, 1);
const chunkCountOf = (file: ChunkLayout) => Math.max(1, Math.ceil(file.size / chunkSizeOf(file)));

/** The device records holding the file's bytes. */
export function byteRecords(file: ChunkLayout): string[] {
  return Array.from({ length: chunkCountOf(file) }, (_, n) => chunkRecord(keyOf(file), n));
}

/** The chunks kept under this key. */
const isChunkOf = (key: string) => (name: string) =>
  name === `file:${key}` || name.startsWith(`file:${key}:`);
/** The chunks of every version of the file's bytes. */
const isAnyChunkOf = (id: string) => (name: string) =>
  isChunkOf(id)(name) || name.startsWith(`file:${id}.`);

/**
 * Seals and keeps the blob chunk by chunk under `key`; answers the layout to record with the
 * file. A write that fails (a full device) removes the chunks already written, then throws.
 */
export async function keepBlob(
  key: string,
  blob: Blob,
  chunkSize = PART_BYTES,
): Promise<{ size: number; chunkSize: number }> {
  const layout = { id: key, size: blob.size, chunkSize };
  const names = byteRecords(layout);
  try {
    for (const [n, name] of names.entries()) {
      const chunk = await blob.slice(n * chunkSize, (n + 1) * chunkSize).arrayBuffer();
      await putBytes(name, chunk);
      release(chunk);
    }
  } catch (error) {
    await removeChunks(key).catch(() => {});
    throw error;
  }
  return { size: blob.size, chunkSize };
}

/** Removes the chunks kept under this key (one version of a file's bytes). */
export async function removeChunks(key: string): Promise<void> {
  const names = await recordNames(isChunkOf(key));
  if (names.length > 0) await remove(...names);
}

/** Bytes [start, end) of the file, reading only the chunks they span; undefined if gone. */
export async function readRange(
  file: ChunkLayout,
  start: number,
  end: number,
): Promise<ArrayBuffer | undefined> {
  const chunkSize = chunkSizeOf(file);
  const first = Math.floor(start / chunkSize);
  const last = Math.max(first, Math.ceil(end / chunkSize) - 1);
  if (first === last) {
    const chunk = await getBytes(chunkRecord(keyOf(file), first));
    if (!chunk) return undefined;
    const from = start - first * chunkSize;
    if (from === 0 && end - start === chunk.byteLength) return chunk;
    const part = chunk.slice(from, end - first * chunkSize);
    release(chunk);
    return part;
  }
  const out = new Uint8Array(end - start);
  for (let n = first; n <= last; n++) {
    const chunk = await getBytes(chunkRecord(keyOf(file), n));
    if (!chunk) return undefined;
    const chunkStart = n * chunkSize;
    const from = Math.max(start, chunkStart);
    const to = Math.min(end, chunkStart + chunk.byteLength);
    out.set(new Uint8Array(chunk, from - chunkStart, to - from), from - start);
    release(chunk);
  }
  return out.buffer;
}

export function readAll(file: ChunkLayout): Promise<ArrayBuffer | undefined> {
  return readRange(file, 0, file.size);
}

/** Removes every version of the file's bytes. */
export async function removeBytes(id: string): Promise<void> {
  const names = await recordNames(isAnyChunkOf(id));
  if (names.length > 0) await remove(...names);
}
