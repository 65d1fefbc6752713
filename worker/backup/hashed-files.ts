// Streams into and out of a snapshot's files, each counted and hashed (SHA-256) on the way, so
// the manifest and the index are made from the bytes that were really written and read.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';

export type Digest = { size: number; sha256: string };

/** Passes bytes through and, once they have all gone by, tells their size and SHA-256. */
export function hashing(): {
  stream: TransformStream<Uint8Array, Uint8Array>;
  digest: () => Digest;
} {
  const hash = createHash('sha256');
  let size = 0;
  let result: Digest | null = null;
  const stream = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      hash.update(chunk);
      size += chunk.byteLength;
      controller.enqueue(chunk);
    },
    flush() {
      result = { size, sha256: hash.digest('hex') };
    },
  });
  return {
    stream,
    digest: () => {
      if (!result) throw new Error('The stream was not read to its end');
      return result;
    },
  };
}

export function readFileStream(path: string): ReadableStream<Uint8Array> {
  return Readable.toWeb(createReadStream(path)) as unknown as ReadableStream<Uint8Array>;
}

/** Writes a stream to a new file (mode 0600; refuses an existing one). */
export async function writeFileStream(path: string, body: ReadableStream<Uint8Array>) {
  await body.pipeTo(
    Writable.toWeb(createWriteStream(path, { flags: 'wx', mode: 0o600 })) as WritableStream,
  );
}

/** Size and SHA-256 of a file. */
export async function digestOf(path: string): Promise<Digest> {
  const { stream, digest } = hashing();
  await readFileStream(path).pipeThrough(stream).pipeTo(new WritableStream());
  return digest();
}

export const asWebStream = (stream: NodeWebReadableStream<Uint8Array>) =>
  stream as unknown as ReadableStream<Uint8Array>;
