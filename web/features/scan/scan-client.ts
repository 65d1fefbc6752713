// The main thread's side of the scan worker: one worker, started on first use, each request
// answered by its id. Pictures go in as Blobs (no copy); bytes come back transferred.
import type { Quad } from './homography.ts';
import type { Rotation } from './page-list.ts';
import type { PreparedPicture } from './page-render.ts';
import type { ScanReply, ScanTask } from './scan-worker.ts';

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

function scanWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./scan-worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<ScanReply>) => {
    const reply = event.data;
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (!waiting) return;
    if (reply.ok) waiting.resolve(reply.result);
    else waiting.reject(new Error(reply.message));
  };
  worker.onerror = (event) => {
    // A worker that failed to start (or crashed) answers nothing more: fail what waits.
    for (const waiting of pending.values())
      waiting.reject(new Error(event.message || 'scan worker failed'));
    pending.clear();
    worker?.terminate();
    worker = null;
  };
  return worker;
}

function ask<T>(task: ScanTask, transfer: Transferable[] = []): Promise<T> {
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    scanWorker().postMessage({ ...task, id }, transfer);
  });
}

/** Upright, at most 2048 px, JPEG 0.8, metadata gone; plus a small thumbnail. */
export function preparePicture(picture: Blob): Promise<PreparedPicture> {
  return ask({ type: 'prepare', picture });
}

/** The PDF of these pages, in this order (the bytes are handed to the worker). */
export async function buildPdf(
  pages: { bytes: ArrayBuffer; rotation: Rotation; corners: Quad }[],
): Promise<ArrayBuffer> {
  return ask(
    { type: 'build', pages },
    pages.map((p) => p.bytes),
  );
}
