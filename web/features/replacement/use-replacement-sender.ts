// Drives the replacement outbox (lib/uploads/replacement-outbox.ts) from the tracking page: an uploaded
// replacement file is handed over and sent with the token, at once when online, else when the
// connection returns (the `online` event via useOnline) or on the next visit; a server that is
// down while the device looks online is asked again every 20 s. Once the server has it the file
// leaves the device and the tracking data is read again, so the section shows the new document.
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { removeUpload, resendUpload } from '../../lib/uploads/queue.ts';
import {
  handOverReplacement,
  type ReplacementOutcome,
  sendQueuedReplacements,
} from '../../lib/uploads/replacement-outbox.ts';
import { patchUpload } from '../../lib/uploads/store.ts';
import { useOnline } from '../../lib/use-online.ts';
import { useApplicationReplacements } from '../uploads/use-uploads.ts';

const RETRY_MS = 20_000;

/** Server-side trouble with the uploaded object: upload the device's copy again, then resend. */
const UPLOAD_LOST = new Set(['upload_missing', 'upload_already_used']);

async function settle(outcome: ReplacementOutcome) {
  if (outcome.kind === 'sent') await removeUpload(outcome.entry.fileId);
  else if (outcome.code && UPLOAD_LOST.has(outcome.code)) resendUpload(outcome.entry.fileId);
  else patchUpload(outcome.entry.fileId, { stage: 'error', error: outcome.message });
}

/**
 * @param awaiting ids of the rejected documents still without a replacement; a file for any
 * other document (replaced meanwhile, say from another phone) is no longer needed here.
 */
export function useReplacementSender(token: string, awaiting: ReadonlySet<string>) {
  const router = useRouter();
  const online = useOnline();
  const files = useApplicationReplacements(token);
  // Progress changes the files many times a second; only a newly uploaded one matters here.
  const uploaded = files
    .filter((f) => f.stage === 'done')
    .map((f) => f.id)
    .join(' ');

  useEffect(() => {
    if (!online) {
      for (const id of uploaded.split(' ').filter(Boolean)) void handOverReplacement(id);
      return;
    }
    const run = async () => {
      for (const id of uploaded.split(' ').filter(Boolean)) await handOverReplacement(id);
      const outcomes = await sendQueuedReplacements(token, settle);
      // Even when this effect has been replaced meanwhile (the sent file leaving the queue
      // re-runs it): the page must show what the server now has.
      if (outcomes.length > 0) void router.invalidate();
    };
    void run();
    const timer = setInterval(() => void run(), RETRY_MS);
    return () => clearInterval(timer);
  }, [uploaded, online, token, router]);

  useEffect(() => {
    for (const file of files) {
      const documentId = file.replacement?.documentId;
      if (documentId && !awaiting.has(documentId) && file.stage !== 'done') {
        void removeUpload(file.id);
      }
    }
  }, [files, awaiting]);
}
