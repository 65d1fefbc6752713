import { useAtomValue } from 'jotai';
import { buttonClass } from '../../ui/button-class.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { draftSavedAtom } from './draft.ts';
import type { SubmitState } from './submit-state.ts';

const LOCKED_NOTE: Record<Exclude<SubmitState, 'idle'>, string> = {
  'awaiting-uploads':
    'Your application will be sent when your files finish uploading. It cannot be changed meanwhile.',
  submitting: 'Sending your application…',
  queued:
    'Your application is waiting to be sent and cannot be changed. To change something, choose Edit application below.',
  withdrawing: 'Taking your application back…',
};

/** Whether the draft is saved on the device (or why it cannot change), and 'Start over'. */
export function DraftStatus({
  state,
  onStartOver,
}: {
  state: SubmitState;
  onStartOver: () => void;
}) {
  const saved = useAtomValue(draftSavedAtom);
  const locked = state !== 'idle';
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {locked
          ? LOCKED_NOTE[state]
          : saved === 'failed'
            ? 'Could not save on this device.'
            : saved === 'saved'
              ? 'Draft saved on this device.'
              : ''}
      </p>
      <button
        type="button"
        className={buttonClass('secondary')}
        onClick={onStartOver}
        disabled={locked}
      >
        Start over
      </button>
    </div>
  );
}

/** Kept outside the wizard's fieldset: a disabled fieldset would disable its buttons too. */
export function StartOverDialog({
  open,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      title="Start over?"
      confirmLabel="Yes, clear everything"
      cancelLabel="No, keep my application"
      destructive
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      This removes everything you have entered and every file you have added from this device. It
      cannot be undone.
    </ConfirmDialog>
  );
}
