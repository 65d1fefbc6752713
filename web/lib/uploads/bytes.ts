// A queued file's bytes on the device, in sealed chunks the size of an upload part
// (schema/upload-parts.ts), so adding, storing and sending a 100 MB PDF holds one part in
// memory at a time rather than the whole file several times over. A file kept before chunks
// (record version 1) is one chunk: the whole file under `file:<id>`, read as it is.
import { PART_BYTES } from '../../../schema/upload-parts.ts';
import { getBytes, putBytes, recordNames, remove } from '../device-store.ts';
import { release } from '../sealed-box.ts';

/** What the bytes' layout depends on; chunkSize absent: one chunk holding the whole file. */
export type ChunkLayout = { id: string; size: number; chunkSize?: number };

export const chunkRecord = (id: string, n: number) => (n === 0 ? `file:${id}` : `file:${id}:${n}`);

const chunkSizeOf = (file: ChunkLayout) => file.chunkSize ?? Math.max(file.size, 1);
const chunkCountOf = (file: ChunkLayout) => Math.max(1, Math.ceil(file.size / chunkSizeOf(file)));

/** The device records holding the file's bytes. */
export function byteRecords(file: ChunkLayout): string[] {
  return Array.from({ length: chunkCountOf(file) }, (_, n) => chunkRecord(file.id, n));
}

const isChunkOf = (id: string) => (name: string) =>
  name === `file:${id}` || name.startsWith(`file:${id}:`);

/**
 * Seals and keeps the blob chunk by chunk; answers the layout to record with the file. Chunks
 * of an earlier, longer version of the file (before compression) are removed after.
 */
export async function keepBlob(
  id: string,
  blob: Blob,
  chunkSize = PART_BYTES,
): Promise<{ size: number; chunkSize: number }> {
  const layout = { id, size: blob.size, chunkSize };
  const names = byteRecords(layout);
  for (const [n, name] of names.entries()) {
    const chunk = await blob.slice(n * chunkSize, (n + 1) * chunkSize).arrayBuffer();
    await putBytes(name, chunk);
    release(chunk);
  }
  const stale = (await recordNames(isChunkOf(id))).filter((name) => !names.includes(name));
  if (stale.length > 0) await remove(...stale);
  return { size: blob.size, chunkSize };
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
    const chunk = await getBytes(chunkRecord(file.id, first));
    if (!chunk) return undefined;
    const from = start - first * chunkSize;
    if (from === 0 && end - start === chunk.byteLength) return chunk;
    const part = chunk.slice(from, end - first * chunkSize);
    release(chunk);
    return part;
  }
  const out = new Uint8Array(end - start);
  for (let n = first; n <= last; n++) {
    const chunk = await getBytes(chunkRecord(file.id, n));
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

export async function removeBytes(id: string): Promise<void> {
  const names = await recordNames(isChunkOf(id));
  if (names.length > 0) await remove(...names);
}
