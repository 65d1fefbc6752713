// The practice is created but some invitations were refused (an address over its daily limit,
// the practice's hourly limit): the manager is told who, and invites them from the practice page.
import { Link } from '@tanstack/react-router';
import { Alert } from '../../ui/alert.tsx';
import { buttonClass } from '../../ui/button-class.ts';
import type { PracticeSendState } from './use-practice-send.ts';

export function PartlySent({ state }: { state: Extract<PracticeSendState, { kind: 'partly' }> }) {
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-bold">The practice is sent</h1>
      <Alert tone="warning" title="Some practitioners were not invited">
        <ul className="mt-1 list-disc pl-5">
          {state.refused.map((i) => (
            <li key={i.email} className="break-words">
              {i.name} ({i.email}): {i.refused}
            </li>
          ))}
        </ul>
        <p className="mt-2">Invite them again from the practice page.</p>
      </Alert>
      <Link
        to="/practice"
        search={{ token: state.practiceToken }}
        className={buttonClass('primary')}
      >
        Open the practice page
      </Link>
    </div>
  );
}
