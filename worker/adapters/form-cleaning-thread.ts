// Node's FormCleaner: each form is cleaned on a worker thread of its own with a heap limit and a
// deadline, so a hostile PDF costs that thread, never the request thread's event loop or heap
// (review 2026-11-28, M2; decision 110).
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type CleanedForm, type FormCleaner, FormRefusedError } from '../ports.ts';
import { FORM_BOUNDS } from '../services/form-pdfs/form-cleaning.ts';

type Answer = { ok: true; cleaned: CleanedForm } | { ok: false; refused: boolean; message: string };

const AGAIN = 'Print it to a new PDF or save it with "Reduce file size", then upload it again.';

/** The thread runs TypeScript sources like the process itself (tsx), whatever started the process. */
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href;

export function threadFormCleaner(bounds = FORM_BOUNDS): FormCleaner {
  return {
    clean: (bytes) =>
      new Promise<CleanedForm>((resolve, reject) => {
        const copy = bytes.slice();
        const worker = new Worker(new URL('./form-cleaning-thread-entry.ts', import.meta.url), {
          workerData: copy,
          transferList: [copy.buffer],
          execArgv: ['--import', tsxLoader],
          resourceLimits: {
            maxOldGenerationSizeMb: bounds.heapMegabytes,
            maxYoungGenerationSizeMb: 32,
          },
        });
        let settled = false;
        const settle = (outcome: () => void) => {
          if (settled) return;
          settled = true;
          clearTimeout(deadline);
          outcome();
          void worker.terminate();
        };
        const deadline = setTimeout(
          () =>
            settle(() =>
              reject(
                new FormRefusedError(
                  `This PDF took longer than ${bounds.milliseconds / 1000} seconds to open, longer than a registration form should. ${AGAIN}`,
                ),
              ),
            ),
          bounds.milliseconds,
        );
        worker.on('message', (answer: Answer) =>
          settle(() => {
            if (answer.ok)
              resolve({ ...answer.cleaned, bytes: new Uint8Array(answer.cleaned.bytes) });
            else
              reject(
                answer.refused ? new FormRefusedError(answer.message) : new Error(answer.message),
              );
          }),
        );
        worker.on('error', (error: Error & { code?: string }) =>
          settle(() =>
            reject(
              error.code === 'ERR_WORKER_OUT_OF_MEMORY'
                ? new FormRefusedError(
                    `This PDF needs more than ${bounds.heapMegabytes} MB of memory to open, more than a registration form should. ${AGAIN}`,
                  )
                : error,
            ),
          ),
        );
        worker.on('exit', (code) =>
          settle(() =>
            reject(new Error(`The form-cleaning thread ended (${code}) without an answer`)),
          ),
        );
      }),
  };
}
