// Where a submission is, from Submit until it is sent or taken back (docs/product.md#states). Each
// event says what happened; an event that does not apply leaves the state as it is.
import { atom } from 'jotai';

/**
 * idle: editable. awaiting-uploads: Submit waits for files still uploading (the practitioner
 * chose to wait). submitting: being sent now. queued: waiting in the outbox for the connection.
 * withdrawing: being taken back for editing. Anything but idle makes the wizard read-only.
 */
export type SubmitState = 'idle' | 'awaiting-uploads' | 'submitting' | 'queued' | 'withdrawing';

export type SubmitEvent =
  /** Submit pressed: the application is checked and goes to the outbox. */
  | 'submit'
  /** Submit pressed while files were still uploading, and the practitioner chose to wait. */
  | 'await-uploads'
  /** A queued submission is sent now (found at start, or the connection is back). */
  | 'resume'
  /** No connection (or the uploads it needs wait for one): it stays in the outbox. */
  | 'wait'
  /** Sent, refused, or nothing to send: the wizard is editable again. */
  | 'settle'
  /** The outbox is empty after all (taken back or sent from another tab). */
  | 'gone'
  | 'take-back'
  | 'taken-back'
  | 'take-back-failed';

export function nextSubmitState(state: SubmitState, event: SubmitEvent): SubmitState {
  switch (event) {
    case 'submit':
      return state === 'idle' ? 'submitting' : state;
    case 'await-uploads':
      return state === 'idle' ? 'awaiting-uploads' : state;
    case 'resume':
      return state === 'withdrawing' ? state : 'submitting';
    case 'wait':
      return state === 'withdrawing' ? state : 'queued';
    case 'settle':
      return 'idle';
    case 'gone':
      return state === 'queued' ? 'idle' : state;
    case 'take-back':
      return state === 'queued' ? 'withdrawing' : state;
    case 'taken-back':
      return state === 'withdrawing' ? 'idle' : state;
    case 'take-back-failed':
      return state === 'withdrawing' ? 'queued' : state;
  }
}

export const submitStateAtom = atom<SubmitState>('idle');

/** Write-only: moves submitStateAtom along by an event. */
export const submitEventAtom = atom(null, (get, set, event: SubmitEvent) => {
  set(submitStateAtom, nextSubmitState(get(submitStateAtom), event));
});

/**
 * The tracking token of this application when the server says it was already accepted
 * (an earlier attempt went through, its answer was lost, and it was edited since).
 */
export const alreadySubmittedAtom = atom<string | null>(null);

/**
 * Whether the queued application still waits for its files (lib/uploads/application-outbox.ts)
 * rather than for the connection: the footer says which.
 */
export const waitingForFilesAtom = atom(false);
