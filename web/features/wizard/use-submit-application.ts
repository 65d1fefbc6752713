// Submitting (SPEC §4, §5, §8 and issue 6): the three guards in order, the fields checked
// inline, then the payload goes to the device outbox with an Idempotency-Key and is sent —
// now if online, otherwise when the connection returns. Uploads the server no longer has
// (409 upload_missing, upload_already_used) are sent again from the device and the submission
// retried with the same key, without the practitioner having to act.
import { useNavigate } from '@tanstack/react-router';
import { getDefaultStore } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SubmitResponse } from '../../../schema/api.ts';
import { canSubmitSections, type SectionProgress } from '../../../schema/rules.ts';
import { clearDevice } from '../../lib/device-store.ts';
import {
  dropQueuedSubmission,
  queuedSubmission,
  queueSubmission,
  type SendOutcome,
  SUBMISSION_SYNC_TAG,
  SUBMITTED_MESSAGE,
  sendQueuedSubmission,
  submittedResult,
} from '../../lib/submission-outbox.ts';
import {
  type QueuedFile,
  resendUpload,
  resetUploads,
  uploadsSettled,
  uploadsSnapshot,
} from '../../lib/upload-queue.ts';
import { toast } from '../../ui/toast.tsx';
import { draftAtom, resetDraft, saveDraftNow } from './draft.ts';
import { buildPayload, documentsFor, type FieldErrors } from './submission-payload.ts';

export type SubmitState = 'idle' | 'submitting' | 'queued';
const MAX_RESEND_ROUNDS = 3;
/** The server lost these uploads (cleaned up after 24 h) or they belong to another submission. */
const RESEND_CODES = new Set(['upload_missing', 'upload_already_used']);

const errorToast = (description: string) =>
  toast({ title: 'Error', description, variant: 'destructive' });
const failedToast = () =>
  toast({
    title: 'Submission Failed',
    description: 'There was an error submitting your application. Please try again.',
    variant: 'destructive',
  });

async function registerBackgroundSync() {
  try {
    const registration = await navigator.serviceWorker?.ready;
    const sync = (registration as { sync?: { register(tag: string): Promise<void> } } | undefined)
      ?.sync;
    await sync?.register(SUBMISSION_SYNC_TAG);
  } catch {
    // No Background Sync (Safari, Firefox): the `online` event and the next start send it.
  }
}

export function useSubmitApplication({
  progress,
  setErrors,
}: {
  progress: readonly SectionProgress[];
  setErrors: (errors: FieldErrors) => void;
}) {
  const navigate = useNavigate();
  const [state, setState] = useState<SubmitState>('idle');
  const finishing = useRef(false);
  const sending = useRef(false);

  const finish = useCallback(
    async (result: SubmitResponse) => {
      if (finishing.current) return;
      finishing.current = true;
      toast({ title: 'Application Submitted', description: result.message });
      resetDraft();
      resetUploads();
      await clearDevice();
      await navigate({ href: `/track?token=${encodeURIComponent(result.trackingToken)}` });
    },
    [navigate],
  );

  const handle = useCallback(
    async (outcome: SendOutcome, round = 0): Promise<void> => {
      switch (outcome.kind) {
        case 'sent':
          return finish(outcome.result);
        case 'empty':
          setState('idle');
          return;
        case 'offline':
          setState('queued');
          void registerBackgroundSync();
          return;
        case 'rejected': {
          const { error, entry } = outcome;
          const fields = error.body?.error.fields ?? {};
          if (
            error.status === 409 &&
            RESEND_CODES.has(error.body?.error.code ?? '') &&
            round < MAX_RESEND_ROUNDS
          ) {
            const indices = Object.keys(fields)
              .map((k) => /^documents\.(\d+)/.exec(k)?.[1])
              .filter((i): i is string => i !== undefined)
              .map(Number);
            const ids = [
              ...new Set(indices.map((i) => entry.fileIds[i]).filter(Boolean)),
            ] as string[];
            for (const id of ids) resendUpload(id);
            const settled = await uploadsSettled(ids);
            if (ids.length > 0 && settled.every((f) => f.stage === 'done')) {
              const byId = new Map<string, QueuedFile>(
                uploadsSnapshot().files.map((f) => [f.id, f]),
              );
              const documents = entry.payload.documents.map((doc, i) => {
                const file = byId.get(entry.fileIds[i] ?? '');
                return file?.url ? { ...doc, url: file.url, uploadedAt: file.uploadedAt } : doc;
              });
              await queueSubmission({ ...entry, payload: { ...entry.payload, documents } });
              return handle(await sendQueuedSubmission(), round + 1);
            }
          }
          await dropQueuedSubmission();
          if (error.status >= 400 && error.status < 500) {
            // The payload will change before the next try: it is a new submission.
            getDefaultStore().set(draftAtom, (d) => ({ ...d, idempotencyKey: null }));
          }
          if (Object.keys(fields).length > 0) setErrors(fields);
          failedToast();
          setState('idle');
          return;
        }
      }
    },
    [finish, setErrors],
  );

  const flush = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      await handle(await sendQueuedSubmission());
    } finally {
      sending.current = false;
    }
  }, [handle]);

  // At start: a submission the service worker already sent, or one still waiting to go.
  useEffect(() => {
    let live = true;
    void (async () => {
      const done = await submittedResult();
      if (!live) return;
      if (done) return finish(done);
      if (await queuedSubmission()) {
        setState(navigator.onLine ? 'submitting' : 'queued');
        if (navigator.onLine) void flush();
        else void registerBackgroundSync();
      }
    })();
    const onOnline = () => {
      void queuedSubmission().then((entry) => {
        if (entry) {
          setState('submitting');
          void flush();
        }
      });
    };
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; result?: SubmitResponse } | null;
      if (data?.type === SUBMITTED_MESSAGE && data.result) void finish(data.result);
    };
    window.addEventListener('online', onOnline);
    navigator.serviceWorker?.addEventListener('message', onMessage);
    return () => {
      live = false;
      window.removeEventListener('online', onOnline);
      navigator.serviceWorker?.removeEventListener('message', onMessage);
    };
  }, [finish, flush]);

  const submit = useCallback(async () => {
    const store = getDefaultStore();
    const draft = store.get(draftAtom);
    if (!draft.practiceType) return errorToast('Please select a practice type');
    if (!draft.consent) return errorToast('Please accept the POPIA consent');
    if (!canSubmitSections(progress)) {
      return errorToast('Please complete all required document uploads before submitting');
    }
    const { documents, fileIds } = documentsFor(draft, uploadsSnapshot().files);
    const built = buildPayload(draft, documents);
    if (!built.ok) {
      setErrors(built.errors);
      return;
    }
    setErrors({});
    const idempotencyKey = draft.idempotencyKey ?? crypto.randomUUID();
    if (!draft.idempotencyKey) {
      store.set(draftAtom, (d) => ({ ...d, idempotencyKey }));
      await saveDraftNow();
    }
    setState('submitting');
    try {
      await queueSubmission({
        idempotencyKey,
        payload: built.payload,
        fileIds,
        queuedAt: new Date().toISOString(),
      });
    } catch (error) {
      setState('idle');
      errorToast(error instanceof Error ? error.message : 'Could not save your application.');
      return;
    }
    if (!navigator.onLine) {
      setState('queued');
      void registerBackgroundSync();
      return;
    }
    await flush();
  }, [progress, setErrors, flush]);

  return { state, submit };
}
