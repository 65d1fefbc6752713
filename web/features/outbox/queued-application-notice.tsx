// Shown at every start, on every page but the wizard's (whose footer says the same, with 'Edit
// application'), while an application waits on the device: what it waits for, and a Discard
// that takes it back (it goes nowhere; the draft stays to edit). Once sent, where to follow it.
// A practitioner's own part (decision 126) is offered on its invitation page; the manager's
// queued practice has a notice of its own (queued-practice-notice.tsx).
import { Link, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { discardWaitingApplication } from '../../lib/uploads/application-outbox.ts';
import type { ApplicationState } from '../../lib/uploads/outbox-driver.ts';
import { withdrawQueuedSubmission } from '../../lib/uploads/submission-outbox.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { buttonClass } from '../../ui/button-class.ts';
import { QueuedPracticeNotice } from './queued-practice-notice.tsx';
import { OUTBOX_CHANGED, useOutboxDriver } from './use-outbox-driver.ts';
import { waitingWords } from './waiting-words.ts';

export function QueuedApplicationNotice() {
  const { state, practice } = useOutboxDriver();
  return (
    <>
      <ApplicationNotice state={state} />
      <QueuedPracticeNotice state={practice} />
    </>
  );
}

function ApplicationNotice({ state }: { state: ApplicationState }) {
  const [discarding, setDiscarding] = useState(false);
  // The wizard's footer and the invitation page (a practitioner's own part) say it themselves.
  const onWizard = useRouterState({
    select: (s) => s.location.pathname === '/' || s.location.pathname === '/practice/join',
  });
  if (onWizard || state.kind === 'empty' || state.kind === 'refused') return null;

  const discard = async () => {
    setDiscarding(true);
    try {
      await discardWaitingApplication();
      await withdrawQueuedSubmission();
    } finally {
      setDiscarding(false);
      window.dispatchEvent(new Event(OUTBOX_CHANGED));
    }
  };

  if (state.kind === 'sent')
    return (
      <div className="mx-auto w-full max-w-5xl px-4 pt-4">
        <Alert tone="success" title="Your application was sent">
          <Link
            to="/track"
            search={{ token: state.trackingToken }}
            className={buttonClass('secondary', 'mt-2')}
          >
            Open the tracking page
          </Link>
        </Alert>
      </div>
    );

  const what = waitingWords(state, state.invitation ? 'your part' : 'your application');
  const { invitation } = state;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 pt-4" data-testid="queued-application">
      <Alert
        tone="info"
        title={
          invitation
            ? 'Your part is queued on this device'
            : 'Your application is queued on this device'
        }
      >
        <p>{what}</p>
        <div className="mt-2 flex flex-wrap gap-2">
          {invitation ? (
            <Link to="/practice/join" search={{ invitation }} className={buttonClass('secondary')}>
              Open your part
            </Link>
          ) : (
            <Link to="/" className={buttonClass('secondary')}>
              Open application
            </Link>
          )}
          <Button variant="quiet-destructive" isDisabled={discarding} onPress={discard}>
            Discard
          </Button>
        </div>
      </Alert>
    </div>
  );
}
