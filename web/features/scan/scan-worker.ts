// The scan's Web Worker: decoding, scaling, turning, straightening and encoding pictures, and
// writing the PDF, all away from the main thread so the page stays responsive on a cheap phone.
// Started by scan-client.ts the first time Scan is used, never in the first load.

import { type PageToRender, preparePicture, renderPage } from './page-render.ts';
import { writeJpegPdf } from './pdf-writer.ts';

export type ScanTask =
  | { type: 'prepare'; picture: Blob }
  | { type: 'build'; pages: PageToRender[] };
export type ScanRequest = ScanTask & { id: number };

export type ScanReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; message: string };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ScanRequest>) => void) | null;
  postMessage(message: ScanReply, transfer?: Transferable[]): void;
};

async function handle(request: ScanRequest): Promise<[unknown, Transferable[]]> {
  if (request.type === 'prepare') {
    const prepared = await preparePicture(request.picture);
    return [prepared, [prepared.bytes, prepared.thumbnail]];
  }
  const jpegs: Uint8Array[] = [];
  // One page at a time: only one decoded picture is held in memory.
  for (const page of request.pages) jpegs.push(await renderPage(page));
  const pdf = writeJpegPdf(jpegs);
  return [pdf.buffer, [pdf.buffer]];
}

scope.onmessage = (event) => {
  const request = event.data;
  handle(request).then(
    ([result, transfer]) => scope.postMessage({ id: request.id, ok: true, result }, transfer),
    (error: unknown) =>
      scope.postMessage({
        id: request.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      }),
  );
};
