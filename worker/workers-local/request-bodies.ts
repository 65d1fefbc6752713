// The local R2 stand-in's request bodies (object-server.ts): a PUT's body staged whole in a file
// before anything is stored, and a small body (CompleteMultipartUpload's XML) read into memory.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * The request's body in a file under `staging`, or null when it did not arrive whole. `onCut`
 * gets the file as far as it came before it goes (a stand-in that keeps cut bodies, the way
 * s3rver alone would: deploy:check's test of its cut-part row).
 */
export async function stageBody(
  staging: string,
  req: IncomingMessage,
  length: number,
  onCut?: (file: string) => Promise<void>,
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
  await onCut?.(file);
  await rm(file, { force: true });
  return null;
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Hands s3rver (on `innerPort`) what came of a cut body as if it were all of it: what a store
 * that cannot resume would keep (object-server.ts keepCutBodies).
 */
export async function storeCut(
  innerPort: number,
  req: IncomingMessage,
  file: string,
): Promise<void> {
  const { size } = await stat(file);
  await new Promise<void>((resolve) => {
    const upstream = httpRequest({
      host: '127.0.0.1',
      port: innerPort,
      method: 'PUT',
      path: req.url,
      headers: { ...req.headers, host: `127.0.0.1:${innerPort}`, 'content-length': size },
    });
    upstream.on('response', (answer) => {
      answer.resume().on('end', resolve);
    });
    upstream.on('error', () => resolve());
    pipeline(createReadStream(file), upstream).catch(() => resolve());
  });
}
