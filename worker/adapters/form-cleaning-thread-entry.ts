// Runs inside the worker thread form-cleaning-thread.ts starts: one form, one answer, then the
// thread ends. Nothing here touches the request thread's heap.
import { parentPort, workerData } from 'node:worker_threads';
import { FormRefusedError } from '../ports.ts';
import { cleanRegistrationPdf } from '../services/form-pdfs/form-cleaning.ts';

try {
  const cleaned = await cleanRegistrationPdf(workerData as Uint8Array);
  parentPort?.postMessage({ ok: true, cleaned }, [cleaned.bytes.buffer as ArrayBuffer]);
} catch (error) {
  parentPort?.postMessage({
    ok: false,
    refused: error instanceof FormRefusedError,
    message: error instanceof Error ? error.message : String(error),
  });
}
