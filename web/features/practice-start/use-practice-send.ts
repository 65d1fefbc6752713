// Send for the manager's wizard: the practice's application goes into the practice outbox
// (lib/uploads/practice-outbox.ts) first, then is driven from this page: at once, whenever the
// practice's files move, when the connection returns, and a while after a busy server; the app
// shell and Background Sync drive it too on any page (decision 130), and what they sent or was
// refused is found here as the outbox's kept outcome. Once the practice and its invitations are
// through, the draft and its files leave the device and the manager lands on the practice page.
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { practiceRequest } from '../../../schema/practice-api.ts';
import {
  clearPracticeResult,
  type PracticeSendOutcome,
  practiceResult,
  type QueuedInvitee,
  queuedPractice,
  queuePractice,
  sendQueuedPractice,
  withdrawQueuedPractice,
} from '../../lib/uploads/practice-outbox.ts';
import { type QueuedFile, subscribeUploads, uploadsSnapshot } from '../../lib/uploads/store.ts';
import { OUTBOX_CHANGED, PRACTICE_SETTLED } from '../outbox/use-outbox-driver.ts';
import { validityDateProblem } from '../uploads/validity-date-field.tsx';
import { forgetPracticeDraft } from './forget-practice-draft.ts';
import type { PracticeDraft } from './practice-draft.ts';
import { practiceCandidate, practiceSections } from './practice-problems.ts';

export type PracticeSendState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'waiting'; moving: number; failed: number }
  | { kind: 'queued'; message?: string }
  | { kind: 'refused'; message: string; fields: Record<string, string> }
  | { kind: 'partly'; practiceToken: string; refused: QueuedInvitee[] };

const BUSY_RETRY_MS = 30_000;
const AGAIN_MS = 3_000;

const isPracticeFile = (f: QueuedFile) => f.practice === true;

/** Shown here: the kept outcome goes, and the shell's notice reads again (it may hold it). */
async function seen() {
  await clearPracticeResult();
  window.dispatchEvent(new Event(OUTBOX_CHANGED));
}

/** Something for this page to drive or to finish: a queued practice, or one sent from elsewhere. */
async function pending(): Promise<boolean> {
  const [entry, result] = await Promise.all([queuedPractice(), practiceResult()]);
  return Boolean(entry || result);
}

export function usePracticeSend() {
  const navigate = useNavigate();
  const [state, setState] = useState<PracticeSendState>({ kind: 'idle' });
  const driving = useRef(false);
  const again = useRef(false);

  const finish = useCallback(
    async (outcome: Extract<PracticeSendOutcome, { kind: 'sent' }>) => {
      await forgetPracticeDraft();
      await seen();
      if (outcome.refused.length > 0) {
        setState({
          kind: 'partly',
          practiceToken: outcome.practiceToken,
          refused: outcome.refused,
        });
        return;
      }
      await navigate({ to: '/practice', search: { token: outcome.practiceToken } });
    },
    [navigate],
  );

  const drive = useCallback(async () => {
    // One drive at a time; news during a drive gets one more after it.
    if (driving.current) {
      again.current = true;
      return;
    }
    driving.current = true;
    try {
      do {
        again.current = false;
        const outcome = await sendQueuedPractice(uploadsSnapshot().files);
        if (outcome.kind === 'sent') await finish(outcome);
        else if (outcome.kind === 'empty')
          setState((s) => (s.kind === 'partly' ? s : { kind: 'idle' }));
        else if (outcome.kind === 'offline') setState({ kind: 'queued' });
        else if (outcome.kind === 'busy') setState({ kind: 'queued', message: outcome.message });
        else if (outcome.kind === 'refused') {
          await seen();
          setState(outcome);
        } else setState(outcome);
      } while (again.current);
    } finally {
      driving.current = false;
    }
  }, [finish]);

  useEffect(() => {
    const driveIfPending = () =>
      pending().then((yes) => {
        if (yes) void drive();
      });
    let last = uploadsSnapshot();
    // Queued, or sent (or refused) from elsewhere while this page was closed.
    void pending().then((yes) => {
      if (yes) {
        setState({ kind: 'sending' });
        void drive();
      }
    });
    // The first request after the connection returns often still fails: try once more soon.
    let soon: ReturnType<typeof setTimeout> | undefined;
    const onOnline = () => {
      void drive();
      clearTimeout(soon);
      soon = setTimeout(() => void driveIfPending(), AGAIN_MS);
    };
    window.addEventListener('online', onOnline);
    // The app shell (or Background Sync) got there first: finish as after this page's own send.
    window.addEventListener(PRACTICE_SETTLED, drive);
    // A practice file finishing (or failing) may be what a queued application waits for.
    const unsubscribe = subscribeUploads(() => {
      const now = uploadsSnapshot();
      const moved = now.files.some((f) => {
        const before = last.files.find((b) => b.id === f.id);
        return f.practice && before?.stage !== f.stage;
      });
      last = now;
      if (moved) void driveIfPending();
    });
    const timer = setInterval(() => void driveIfPending(), BUSY_RETRY_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener(PRACTICE_SETTLED, drive);
      clearTimeout(soon);
      unsubscribe();
      clearInterval(timer);
    };
  }, [drive]);

  /** Queues the practice as it is now; false when the draft cannot be sent as it is. */
  const send = useCallback(
    async (draft: PracticeDraft) => {
      const parsed = practiceRequest.safeParse(practiceCandidate(draft));
      if (!parsed.success) return false;
      const sections = practiceSections(draft);
      const files = uploadsSnapshot().files.filter(isPracticeFile);
      setState({ kind: 'sending' });
      await queuePractice({
        request: parsed.data,
        files: sections.flatMap((section) => {
          const date = draft.documentDates[section.key] ?? '';
          const validityDate = date && !validityDateProblem(date) ? { validityDate: date } : {};
          return files
            .filter((f) => f.sectionKey === section.key)
            .map((f) => ({
              fileId: f.id,
              sectionKey: section.key,
              sectionLabel: section.label,
              ...validityDate,
            }));
        }),
        invitees: draft.invitees.map((i) => ({
          name: i.name.trim(),
          email: i.email.trim(),
          idempotencyKey: crypto.randomUUID(),
        })),
        queuedAt: new Date().toISOString(),
        idempotencyKey: crypto.randomUUID(),
      });
      // The app shell lets the practice's files up and drives it on any page from now on.
      window.dispatchEvent(new Event(OUTBOX_CHANGED));
      await drive();
      return true;
    },
    [drive],
  );

  /** Takes a queued practice back to edit it, while it has not been created yet. */
  const takeBack = useCallback(async () => {
    if (await withdrawQueuedPractice()) {
      setState({ kind: 'idle' });
      window.dispatchEvent(new Event(OUTBOX_CHANGED));
    }
  }, []);

  return { state, send, takeBack };
}
