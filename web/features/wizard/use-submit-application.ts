// Submitting (docs/product.md#states, docs/offline-submit-flow.md): the three guards in order,
// files not uploaded yet handed back to be asked about (use-submit-after-uploads.ts), then the
// payload to the device outbox with an Idempotency-Key and Application-Id (decision 067), sent
// now or when the connection returns; a busy server (5xx, 429) leaves it queued. Lost uploads
// go again first; a refusal: prepared-application.ts. Until sent the wizard is read-only
// (submit-state.ts); a waiting submission can be taken back ('Edit application').
import { useNavigate } from '@tanstack/react-router';
import { getDefaultStore, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';
import { canSubmitSections, type SectionProgress, sectionBlockers } from '../../../schema/rules.ts';
import { sectionsFor } from '../../../schema/sections.ts';
import type { SubmitResponse } from '../../../schema/submission-api.ts';
import {
  discardWaitingApplication,
  waitingApplication,
} from '../../lib/uploads/application-outbox.ts';
import { registerBackgroundSync } from '../../lib/uploads/background-sync.ts';
import { isDraftFile, uploadsSnapshot } from '../../lib/uploads/store.ts';
import {
  queuedSubmission,
  queueSubmission,
  SUBMITTED_MESSAGE,
  sendQueuedSubmission,
  submittedResult,
  withdrawQueuedSubmission,
} from '../../lib/uploads/submission-outbox.ts';
import {
  type ResendOutcome,
  resendLostUploads,
} from '../../lib/uploads/submission-outbox-resend.ts';
import { toast } from '../../ui/toast.tsx';
import { APPLICATION_SENT, OUTBOX_CHANGED } from '../outbox/use-outbox-driver.ts';
import { draftAtom } from './draft.ts';
import { leaveForTracking } from './leave-for-tracking.ts';
import { applyRefusal, prepareApplication } from './prepared-application.ts';
import type { FieldErrors } from './submission-payload.ts';
import { errorToast, failedToast } from './submit-notices.ts';
import {
  alreadySubmittedAtom,
  submitEventAtom,
  submitStateAtom,
  waitingForFilesAtom,
} from './submit-state.ts';
import { type UnfinishedFile, unfinishedUploads } from './unfinished-uploads.ts';
import { useQueueWhenUploaded } from './use-queue-when-uploaded.ts';
import { useRetryWhileQueued } from './use-retry-while-queued.ts';

const UPLOADS_GUARD = 'Please complete all required document uploads before submitting';

const stillQueued = () => getDefaultStore().get(submitStateAtom) === 'queued';

export function useSubmitApplication({
  progress,
  setErrors,
}: {
  progress: readonly SectionProgress[];
  /** Shows the errors next to their fields; false when none of them has a field on screen. */
  setErrors: (errors: FieldErrors) => boolean;
}) {
  const navigate = useNavigate();
  const state = useAtomValue(submitStateAtom);
  const dispatch = useSetAtom(submitEventAtom);
  const finishing = useRef(false);
  /** Whether this page is sending the outbox now (one send at a time). */
  const sending = useRef(false);

  const finish = useCallback(
    async (result: SubmitResponse) => {
      if (finishing.current) return;
      finishing.current = true;
      await leaveForTracking(result, (href) => navigate({ href }));
    },
    [navigate],
  );

  const handle = useCallback(
    /** announce: the practitioner just pressed Submit, so a failure is told at once. */
    async (outcome: ResendOutcome, announce: boolean): Promise<void> => {
      switch (outcome.kind) {
        case 'sent':
          return finish(outcome.result);
        case 'empty':
          // An application still waiting for its files stays queued (the app shell sends it).
          if (await waitingApplication()) dispatch('wait');
          else dispatch('settle');
          return;
        case 'offline':
          dispatch('wait');
          void registerBackgroundSync();
          return;
        case 'waiting':
          // The `online` handler sends it, re-sending what is still missing first.
          dispatch('wait');
          return;
        case 'taken-back':
          return;
        case 'busy':
          // The server could not take it just now (5xx, 429): it stays queued and the page
          // (or Background Sync) tries again; nothing needs entering again.
          dispatch('wait');
          void registerBackgroundSync();
          if (announce) failedToast();
          return;
        case 'rejected':
          await applyRefusal(outcome, setErrors);
          dispatch('settle');
          return;
      }
    },
    [finish, setErrors, dispatch],
  );

  const flush = useCallback(
    async (announce = false) => {
      if (sending.current) return;
      sending.current = true;
      try {
        await handle(await resendLostUploads(await sendQueuedSubmission()), announce);
      } catch {
        // E.g. the device storage failing half-way: never leave 'Submitting...' spinning.
        failedToast();
        dispatch('settle');
      } finally {
        sending.current = false;
      }
    },
    [handle, dispatch],
  );

  // At start: a submission the service worker already sent, or one still waiting to go.
  useEffect(() => {
    let live = true;
    const store = getDefaultStore();
    void (async () => {
      const done = await submittedResult();
      if (!live) return;
      if (done) return finish(done);
      if (await waitingApplication()) {
        if (!live || store.get(submitStateAtom) === 'withdrawing') return;
        store.set(waitingForFilesAtom, true);
        dispatch('wait');
      } else if (await queuedSubmission()) {
        if (!live || store.get(submitStateAtom) === 'withdrawing') return;
        dispatch(navigator.onLine ? 'resume' : 'wait');
        if (navigator.onLine) void flush();
        else void registerBackgroundSync();
      } else if (live && store.get(submitStateAtom) === 'queued') {
        // Taken back or sent from another tab since the draft was read.
        dispatch('gone');
      }
    })();
    const onOnline = () => {
      void queuedSubmission().then((entry) => {
        if (entry && store.get(submitStateAtom) !== 'withdrawing') {
          dispatch('resume');
          void flush();
        }
      });
    };
    // The app shell moved, sent or discarded the application (outbox-driver.ts).
    const onOutboxChanged = async () => {
      const done = await submittedResult();
      if (done) return finish(done);
      const waiting = await waitingApplication();
      store.set(waitingForFilesAtom, Boolean(waiting));
      if (!waiting && !(await queuedSubmission())) dispatch('gone');
    };
    const onChanged = () => void onOutboxChanged();
    window.addEventListener(OUTBOX_CHANGED, onChanged);
    window.addEventListener(APPLICATION_SENT, onChanged);
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; result?: SubmitResponse } | null;
      if (data?.type === SUBMITTED_MESSAGE && data.result) void finish(data.result);
    };
    window.addEventListener('online', onOnline);
    navigator.serviceWorker?.addEventListener('message', onMessage);
    return () => {
      live = false;
      window.removeEventListener('online', onOnline);
      window.removeEventListener(OUTBOX_CHANGED, onChanged);
      window.removeEventListener(APPLICATION_SENT, onChanged);
      navigator.serviceWorker?.removeEventListener('message', onMessage);
    };
  }, [finish, flush, dispatch]);

  useRetryWhileQueued(state === 'queued', flush, stillQueued);

  /**
   * Checks and sends the application. Returns the files not uploaded yet instead, unless told
   * to leave them out: the page asks about them first (unfinished-uploads.ts).
   */
  const submit = useCallback(
    async (leaveUnfinished = false): Promise<UnfinishedFile[] | undefined> => {
      const store = getDefaultStore();
      if (store.get(submitStateAtom) !== 'idle') return;
      const draft = store.get(draftAtom);
      const guard = !draft.practiceType
        ? 'Please select a practice type'
        : !draft.consent
          ? 'Please accept the POPIA consent'
          : !canSubmitSections(progress)
            ? UPLOADS_GUARD
            : null;
      if (guard || !draft.practiceType) {
        if (guard) errorToast(guard);
        // The spec's guard first; with it, when every missing required file is only not
        // uploaded yet, the offer to send the application once they are (the dialog).
        if (draft.practiceType && draft.consent && guard === UPLOADS_GUARD) {
          const moving = uploadsSnapshot().files.filter(
            (f) => isDraftFile(f) && f.stage !== 'done' && f.stage !== 'error',
          );
          const blockers = sectionBlockers(progress);
          const covered = blockers.every(
            (b) => b.status !== 'rejected' && moving.some((f) => f.sectionKey === b.key),
          );
          if (covered)
            return unfinishedUploads(sectionsFor(draft.practiceType), uploadsSnapshot().files);
        }
        return;
      }
      if (!leaveUnfinished) {
        const unfinished = unfinishedUploads(
          sectionsFor(draft.practiceType),
          uploadsSnapshot().files,
        );
        if (unfinished.length > 0) return unfinished;
      }
      const prepared = await prepareApplication(draft, setErrors);
      if (!prepared) return;
      store.set(alreadySubmittedAtom, null);
      const { idempotencyKey, applicationId, built, fileIds } = prepared;
      dispatch('submit');
      try {
        await queueSubmission({
          idempotencyKey,
          applicationId,
          payload: built.payload,
          fileIds,
          queuedAt: new Date().toISOString(),
        });
      } catch (error) {
        dispatch('settle');
        errorToast(error instanceof Error ? error.message : 'Could not save your application.');
        return;
      }
      if (!navigator.onLine) {
        dispatch('wait');
        void registerBackgroundSync();
        return;
      }
      await flush(true);
    },
    [progress, setErrors, flush, dispatch],
  );

  const queueWhenUploaded = useQueueWhenUploaded(setErrors);

  /**
   * Takes a waiting submission back so it can be edited; it is not sent until Submit is
   * pressed again. The Idempotency-Key is kept: if an earlier attempt did reach the server
   * (its answer lost), the edited one is refused rather than becoming a second application.
   */
  const takeBack = useCallback(async () => {
    if (getDefaultStore().get(submitStateAtom) !== 'queued') return;
    dispatch('take-back');
    let outcome: Awaited<ReturnType<typeof withdrawQueuedSubmission>>;
    try {
      await discardWaitingApplication();
      getDefaultStore().set(waitingForFilesAtom, false);
      outcome = await withdrawQueuedSubmission();
    } catch {
      dispatch('take-back-failed');
      errorToast('Could not take your application back. Please try again.');
      return;
    }
    if (outcome.kind === 'sent') return finish(outcome.result);
    dispatch('taken-back');
    toast({
      title: 'Application not sent',
      description: 'Make your changes, then press Submit Application again.',
    });
  }, [finish, dispatch]);

  return { state, submit, takeBack, queueWhenUploaded };
}
