// Replacements of rejected documents waiting to be sent (the tracking page's outbox, after the
// submission outbox's pattern). When a replacement file is uploaded it is handed over here; the
// request (POST …/documents/:documentId/replacement with the token) is sent now when online,
// otherwise when the connection returns, and survives a reload in the device store. One entry
// per document; the Web Lock 'replacement-outbox' keeps two tabs from sending the same one, and
// the server refuses a second replacement of a document (409), so it is applied exactly once.

import type { DocumentReplacementRequest } from '../../../schema/notify-api.ts';
import { documentReplacement } from '../../../schema/public-endpoints.ts';
import { request } from '../api-client.ts';
import { ApiError } from '../api-error.ts';
import { getJson, putJson } from '../device-store.ts';
import { findUpload } from './store.ts';

export type ReplacementEntry = {
  token: string;
  documentId: string;
  /** The upload-queue file it was made from: forgotten once the server has the replacement. */
  fileId: string;
  body: DocumentReplacementRequest;
  queuedAt: string;
};

export type ReplacementOutcome =
  | { kind: 'sent'; entry: ReplacementEntry }
  | { kind: 'refused'; entry: ReplacementEntry; message: string; code?: string };

/** Named in QUEUED_RECORDS (device-store.ts): while it holds entries nothing expires. */
export const REPLACEMENT_OUTBOX_RECORD = 'replacement-outbox';
const OUTBOX_RECORD = REPLACEMENT_OUTBOX_RECORD;
const REPLACE_TIMEOUT_MS = 60_000;
const MAX_NAME = 255;
export const REPLACEMENT_REFUSED = 'Your new document could not be sent. Please try again.';

function withLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  return locks ? locks.request('replacement-outbox', run) : run();
}

async function entries(): Promise<ReplacementEntry[]> {
  return (await getJson<ReplacementEntry[]>(OUTBOX_RECORD)) ?? [];
}

/** The replacements of this application still waiting to be sent. */
/** Whether any replacement is still waiting to be sent, for any application. */
export async function replacementsWaiting(): Promise<boolean> {
  return (await entries()).length > 0;
}

/** The tracking tokens of the applications with replacements waiting to be sent. */
export async function queuedReplacementTokens(): Promise<string[]> {
  return [...new Set((await entries()).map((e) => e.token))];
}

export async function queuedReplacements(token: string): Promise<ReplacementEntry[]> {
  return (await entries()).filter((e) => e.token === token);
}

/**
 * Queues the request for an uploaded replacement file; false when the file is not (or no
 * longer) uploaded, or its document already has one waiting.
 */
export function handOverReplacement(fileId: string): Promise<boolean> {
  return withLock(async () => {
    // Checked under the lock: a file already sent has been removed from the queue by then.
    const file = findUpload(fileId);
    if (!file?.replacement || file.stage !== 'done' || !file.url) return false;
    const { token, documentId } = file.replacement;
    const list = await entries();
    if (list.some((e) => e.token === token && e.documentId === documentId)) return false;
    const body = {
      url: file.url,
      name: file.name.slice(0, MAX_NAME),
      size: file.size,
      type: file.type,
      ...(file.replacement.validityDate ? { validityDate: file.replacement.validityDate } : {}),
    };
    await putJson(OUTBOX_RECORD, [
      ...list,
      { token, documentId, fileId, body, queuedAt: new Date().toISOString() },
    ]);
    return true;
  });
}

/** Whether a failed request is worth sending again later (the server was busy or away). */
function keepForLater(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true; // never reached the server, or no answer
  return error.status === 408 || error.status === 429 || error.status >= 500;
}

/**
 * Sends this application's queued replacements. `settle` runs for each answered one before
 * its entry goes (under the lock), so no one hands the same file over again meanwhile.
 */
export function sendQueuedReplacements(
  token: string,
  settle: (outcome: ReplacementOutcome) => Promise<void>,
): Promise<ReplacementOutcome[]> {
  return withLock(async () => {
    const outcomes: ReplacementOutcome[] = [];
    for (const entry of await queuedReplacements(token)) {
      let outcome: ReplacementOutcome;
      try {
        await request(documentReplacement, {
          params: { token, documentId: entry.documentId },
          body: entry.body,
          signal: AbortSignal.timeout(REPLACE_TIMEOUT_MS),
        });
        outcome = { kind: 'sent', entry };
      } catch (error) {
        // Offline or the server unreachable: everything stays queued for the next chance.
        if (keepForLater(error)) break;
        const body = error instanceof ApiError ? error.body : null;
        // An earlier request got through but its answer was lost: the document is replaced.
        if (body?.error.code === 'already_replaced') outcome = { kind: 'sent', entry };
        else
          outcome = {
            kind: 'refused',
            entry,
            message: body?.error.message ?? REPLACEMENT_REFUSED,
            code: body?.error.code,
          };
      }
      await settle(outcome);
      const rest = (await entries()).filter(
        (e) => !(e.token === token && e.documentId === entry.documentId),
      );
      await putJson(OUTBOX_RECORD, rest);
      outcomes.push(outcome);
    }
    return outcomes;
  });
}
