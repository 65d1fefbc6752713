// Submit for the practitioner's part, and what happens to it: being sent, or kept on this
// device until the connection returns or until its files are up (with a way to take it back).
import { hasBackgroundSync } from '../../lib/uploads/background-sync.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import type { JoinSubmitState } from './use-join-submit.ts';

const WAITING_TITLE = {
  waiting: 'Your part will be sent once your files are uploaded',
  queued: 'Your part is saved on this device and will be sent',
};
// 'Submitting...' is the spec's word for a submit in progress only: a part waiting for its files
// or its connection is not being sent, and its button says what it waits for (the wizard's
// 'Waiting for uploads…' for files).
const BUTTON: Record<JoinSubmitState, string> = {
  idle: 'Submit Application',
  sending: 'Submitting...',
  waiting: 'Waiting for uploads…',
  queued: 'Waiting for a connection…',
};
const AFTER_FILES =
  'Your files go up whenever there is a connection, and your part follows by itself. Keep this page or the portal open until it has gone.';
const afterConnection = () =>
  hasBackgroundSync()
    ? 'It goes as soon as you are back online, even if you close this page.'
    : 'It goes as soon as you are back online. Open this page again if you close it.';

export function JoinSubmitCard({
  state,
  onSubmit,
  onTakeBack,
}: {
  state: JoinSubmitState;
  onSubmit: () => void;
  onTakeBack: () => void;
}) {
  return (
    <div className="flex flex-col gap-3" aria-live="polite">
      {(state === 'waiting' || state === 'queued') && (
        <Alert tone="info" title={WAITING_TITLE[state]}>
          <p>{state === 'waiting' ? AFTER_FILES : afterConnection()}</p>
          <p className="mt-1 text-xs">
            It cannot be changed while it waits. To change something, take it back first.
          </p>
          <Button variant="secondary" className="mt-2" onPress={onTakeBack}>
            Edit my part
          </Button>
        </Alert>
      )}
      <Button
        isDisabled={state !== 'idle'}
        onPress={onSubmit}
        className="w-full sm:w-auto sm:self-start"
      >
        {BUTTON[state]}
      </Button>
    </div>
  );
}
