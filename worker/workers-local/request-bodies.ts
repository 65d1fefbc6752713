// The local R2 stand-in's request bodies (object-server.ts): a PUT's body staged whole in a file
// before anything is stored, and a small body (CompleteMultipartUpload's XML) read into memory.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** The request's body in a file under `staging`, or null when it did not arrive whole. */
export async function stageBody(
  staging: string,
  req: IncomingMessage,
  length: number,
): Promise<string | null> {
  const file = join(staging, randomUUID());
  let received = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.byteLength;
      done(null, chunk);
    },
  });
  try {
    await pipeline(req, counted, createWriteStream(file));
    if (received === length) return file;
  } catch {
    // A connection cut mid-body: R2 keeps nothing of it.
  }
  await rm(file, { force: true });
  return null;
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
