// Sending the practitioner's own part (decision 126) the way the wizard sends an application:
// into the device's submission outbox with an Idempotency-Key and the draft's Application-Id,
// sent now or, offline, when the connection returns (this page on `online` and on a timer,
// the app shell, Background Sync). A refusal comes back to the fields; once sent the device
// forgets the part and the practitioner's own tracking page opens.
import { useNavigate } from '@tanstack/react-router';
import { getDefaultStore } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { InvitationSubmitRequest } from '../../../schema/practice-api.ts';
import { sectionBlockers } from '../../../schema/rules.ts';
import type { DocumentSection, PracticeType } from '../../../schema/sections.ts';
import type { SubmitResponse } from '../../../schema/submission-api.ts';
import { ApiError } from '../../lib/api-error.ts';
import {
  discardWaitingApplication,
  queueWaitingApplication,
  waitingApplication,
} from '../../lib/uploads/application-outbox.ts';
import { registerBackgroundSync } from '../../lib/uploads/background-sync.ts';
import { resetUploads } from '../../lib/uploads/queue.ts';
import { isDraftFile, type QueuedFile, uploadsSnapshot } from '../../lib/uploads/store.ts';
import {
  dropQueuedSubmission,
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
import { markApplicationSent } from '../tracking/application-sent.ts';
import { blockerText, sectionsProgress } from '../uploads/section-state.ts';
import { validityDate } from '../wizard/submission-payload.ts';
import { errorToast } from '../wizard/submit-notices.ts';
import { useRetryWhileQueued } from '../wizard/use-retry-while-queued.ts';
import { wipeDraft } from '../wizard/wipe-draft.ts';
import {
  type JoinDraft,
  joinDraftAtom,
  saveJoinDraftNow,
  stopJoinDraft,
  updateJoinDraft,
} from './join-draft.ts';
import { buildJoinPayload, type FieldErrors, ownDocuments, ownSections } from './join-payload.ts';

/** The spec's guard, as the wizard says it. */
const UPLOADS_GUARD = 'Please complete all required document uploads before submitting';

/** queued: waits for a connection; waiting: waits for its files, then goes by itself. */
export type JoinSubmitState = 'idle' | 'sending' | 'queued' | 'waiting';

export function useJoinSubmit({
  invitation,
  practiceType,
  practiceSchemes,
  setErrors,
}: {
  invitation: string;
  practiceType: PracticeType;
  practiceSchemes: readonly string[];
  setErrors: (errors: FieldErrors, message?: string) => void;
}) {
  const navigate = useNavigate();
  const [state, setState] = useState<JoinSubmitState>('idle');
  const sending = useRef(false);
  const finishing = useRef(false);

  const finish = useCallback(
    async (result: SubmitResponse) => {
      if (finishing.current) return;
      finishing.current = true;
      toast({ title: 'Application Submitted', description: result.message });
      await stopJoinDraft();
      resetUploads();
      // As the wizard does after its submit: the part leaves the device (the answer too).
      await wipeDraft().catch(() => {});
      markApplicationSent(result.trackingToken);
      await navigate({ href: `/track?token=${encodeURIComponent(result.trackingToken)}` });
    },
    [navigate],
  );

  const handle = useCallback(
    async (outcome: ResendOutcome) => {
      switch (outcome.kind) {
        case 'sent':
          return finish(outcome.result);
        case 'offline':
        case 'busy':
        case 'waiting':
          setState('queued');
          void registerBackgroundSync();
          return;
        case 'empty':
        case 'taken-back':
          setState('idle');
          return;
        case 'rejected': {
          await dropQueuedSubmission();
          // The request will change before the next try: a new Idempotency-Key then.
          updateJoinDraft((d) => ({ ...d, idempotencyKey: null }));
          const body = outcome.error instanceof ApiError ? outcome.error.body : null;
          setErrors(
            body?.error.fields ?? {},
            body?.error.message ?? 'Your part could not be sent. Please check it and try again.',
          );
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
      await handle(await resendLostUploads(await sendQueuedSubmission()));
    } catch {
      errorToast('Your part could not be kept on this device. Please try again.');
      setState('idle');
    } finally {
      sending.current = false;
    }
  }, [handle]);

  // At start: this invitation's part already waiting (sent from here on `online`), or sent by
  // the service worker or the app shell while no page was waiting for the answer.
  useEffect(() => {
    let live = true;
    void (async () => {
      if ((await waitingApplication())?.invitation === invitation) {
        if (live) setState('waiting');
        return;
      }
      const entry = await queuedSubmission();
      if (!live || entry?.invitation !== invitation) return;
      setState('queued');
      if (navigator.onLine) void flush();
    })();
    const onSentElsewhere = () =>
      void submittedResult().then((done) => {
        if (done) void finish(done);
      });
    const onOnline = () =>
      void queuedSubmission().then((entry) => {
        if (entry?.invitation === invitation) void flush();
      });
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; result?: SubmitResponse } | null;
      if (data?.type === SUBMITTED_MESSAGE && data.result) void finish(data.result);
    };
    window.addEventListener('online', onOnline);
    window.addEventListener(APPLICATION_SENT, onSentElsewhere);
    navigator.serviceWorker?.addEventListener('message', onMessage);
    return () => {
      live = false;
      window.removeEventListener('online', onOnline);
      window.removeEventListener(APPLICATION_SENT, onSentElsewhere);
      navigator.serviceWorker?.removeEventListener('message', onMessage);
    };
  }, [invitation, flush, finish]);

  useRetryWhileQueued(state === 'queued', flush);

  // 'Send it when the files are up', as the wizard does: the part is kept with the files it
  // waits for, and the app shell sends it once they are uploaded, on whatever page is open.
  const waitForFiles = useCallback(
    async (
      draft: JoinDraft,
      sections: readonly DocumentSection[],
      sent: { payload: InvitationSubmitRequest; fileIds: string[]; idempotencyKey: string },
      moving: readonly QueuedFile[],
    ) => {
      const { payload, fileIds, idempotencyKey } = sent;
      try {
        await queueWaitingApplication({
          invitation,
          idempotencyKey,
          applicationId: draft.applicationId,
          payload,
          fileIds,
          awaiting: moving.map((f) => ({
            fileId: f.id,
            sectionKey: f.sectionKey,
            sectionLabel: sections.find((s) => s.key === f.sectionKey)?.label ?? f.sectionKey,
            ...validityDate(draft.documentDates[f.sectionKey]),
          })),
          queuedAt: new Date().toISOString(),
        });
      } catch (error) {
        errorToast(error instanceof Error ? error.message : 'Could not save your part.');
        return;
      }
      setState('waiting');
      void registerBackgroundSync();
      window.dispatchEvent(new Event(OUTBOX_CHANGED));
    },
    [invitation],
  );

  const submit = useCallback(async () => {
    const draft = getDefaultStore().get(joinDraftAtom);
    if (!draft || state !== 'idle') return;
    const sections = ownSections(practiceType);
    const files = uploadsSnapshot().files;
    const own = files.filter((f) => isDraftFile(f) && sections.some((s) => s.key === f.sectionKey));
    const blockers = sectionBlockers(sectionsProgress(sections, own));
    const moving = own.filter((f) => f.stage !== 'done' && f.stage !== 'error');
    // A section whose file is still on its way is not missing: the part waits for it.
    const missing = blockers.filter((b) => !moving.some((f) => f.sectionKey === b.key));
    if (missing.length > 0) {
      const fields = Object.fromEntries(
        missing.map((b) => [`section.${b.key}`, `${b.label}: ${blockerText(b)}`]),
      );
      return setErrors(fields, UPLOADS_GUARD);
    }
    const { documents, fileIds } = ownDocuments(draft, sections, files);
    const built = buildJoinPayload(draft, practiceSchemes, practiceType, documents);
    if (!built.ok) return setErrors(built.errors);
    setErrors({});
    const idempotencyKey = draft.idempotencyKey ?? crypto.randomUUID();
    updateJoinDraft((d) => ({ ...d, idempotencyKey }));
    await saveJoinDraftNow();
    if (moving.length > 0) {
      const sent = { payload: built.payload, fileIds, idempotencyKey };
      return waitForFiles(draft, sections, sent, moving);
    }
    setState('sending');
    try {
      await queueSubmission({
        invitation,
        idempotencyKey,
        applicationId: draft.applicationId,
        payload: built.payload,
        fileIds,
        queuedAt: new Date().toISOString(),
      });
    } catch (error) {
      setState('idle');
      errorToast(error instanceof Error ? error.message : 'Could not save your part.');
      return;
    }
    window.dispatchEvent(new Event(OUTBOX_CHANGED));
    if (!navigator.onLine) {
      setState('queued');
      void registerBackgroundSync();
      return;
    }
    await flush();
  }, [state, invitation, practiceType, practiceSchemes, setErrors, flush, waitForFiles]);

  /** Takes the waiting part back to change it; it is not sent until Submit again. */
  const takeBack = useCallback(async () => {
    if (await discardWaitingApplication()) {
      window.dispatchEvent(new Event(OUTBOX_CHANGED));
      setState('idle');
      return;
    }
    const outcome = await withdrawQueuedSubmission();
    window.dispatchEvent(new Event(OUTBOX_CHANGED));
    if (outcome.kind === 'sent') return finish(outcome.result);
    setState('idle');
  }, [finish]);

  return { state, submit, takeBack };
}
