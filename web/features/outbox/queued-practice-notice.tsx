// The manager's queued practice (decision 130), shown on every page but the manager's own
// (/practice/new says it itself, /practice is where it leads): what it waits for while queued;
// once the app shell or Background Sync sent it, that it went and the link to the practice page
// (the draft and the practice's files then leave the device, as after a Send on the page); if
// it was refused, the way back to the draft, where the reasons are shown.
import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { PracticeState } from '../../lib/uploads/outbox-driver.ts';
import { clearPracticeResult } from '../../lib/uploads/practice-outbox.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { buttonClass } from '../../ui/button-class.ts';
import { forgetPracticeDraft } from '../practice-start/forget-practice-draft.ts';
import { OUTBOX_CHANGED } from './use-outbox-driver.ts';
import { waitingWords } from './waiting-words.ts';

const practitioners = (n: number) => (n === 1 ? '1 practitioner' : `${n} practitioners`);

function seen() {
  void clearPracticeResult().then(() => window.dispatchEvent(new Event(OUTBOX_CHANGED)));
}

/** Back to the manager's wizard, at its check page. */
function OpenPractice() {
  return (
    <Link
      to="/practice/new"
      search={{ step: 'check' }}
      className={buttonClass('secondary', 'mt-2')}
    >
      Open your practice
    </Link>
  );
}

export function QueuedPracticeNotice({ state }: { state: PracticeState }) {
  const onManagersPages = useRouterState({
    select: (s) =>
      s.location.pathname.startsWith('/practice') &&
      !s.location.pathname.startsWith('/practice/join'),
  });
  const onWizard = useRouterState({ select: (s) => s.location.pathname === '/practice/new' });
  const sentToken = state.kind === 'sent' ? state.practiceToken : undefined;
  useEffect(() => {
    // Sent while the manager's wizard is closed: its draft and files go, as after its Send (the
    // wizard, open, finishes itself).
    if (sentToken && !onWizard) void forgetPracticeDraft();
  }, [sentToken, onWizard]);
  if (onManagersPages || state.kind === 'empty') return null;

  if (state.kind === 'sent')
    return (
      <div className="mx-auto w-full max-w-5xl px-4 pt-4" data-testid="queued-practice">
        <Alert tone="success" title="Your practice was sent">
          <p>
            {state.refused.length > 0
              ? `${practitioners(state.refused.length)} could not be invited: invite them again from the practice page.`
              : 'Each practitioner you listed gets their invitation by e-mail.'}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Link
              to="/practice"
              search={{ token: state.practiceToken }}
              className={buttonClass('secondary')}
              onClick={seen}
            >
              Open the practice page
            </Link>
            <Button variant="ghost" onPress={seen}>
              Close
            </Button>
          </div>
        </Alert>
      </div>
    );

  if (state.kind === 'refused')
    return (
      <div className="mx-auto w-full max-w-5xl px-4 pt-4" data-testid="queued-practice">
        <Alert tone="warning" title="Your practice could not be sent">
          <p>{state.message}</p>
          <OpenPractice />
        </Alert>
      </div>
    );

  const what = waitingWords(state, 'your practice');
  return (
    <div className="mx-auto w-full max-w-5xl px-4 pt-4" data-testid="queued-practice">
      <Alert tone="info" title="Your practice is queued on this device">
        <p>{what} Then each practitioner you listed is invited.</p>
        <OpenPractice />
      </Alert>
    </div>
  );
}
