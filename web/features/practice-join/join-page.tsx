// /practice/join?invitation=… (decision 126): the page an invitation mail opens on the
// practitioner's own phone. The practice's part read-only, then what is the practitioner's
// own; a link that no longer opens anything says to ask the manager for a new one.
import { Link, useRouter } from '@tanstack/react-router';
import { usePageTitle } from '../../lib/page-title.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { HelpCard } from '../../ui/help-card.tsx';
import { JoinForm } from './join-form.tsx';
import type { InvitationRead } from './load-invitation.ts';
import { PracticePart } from './practice-part.tsx';

const linkClass =
  'inline-flex min-h-11 items-center font-medium text-teal-800 underline underline-offset-2 dark:text-teal-300';

export function JoinPage({ token, read }: { token?: string; read: InvitationRead }) {
  usePageTitle(read.status === 'found' ? `Your part: ${read.view.practice.name}` : 'Invitation');
  const router = useRouter();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 pt-6 pb-16 sm:pt-10">
      {read.status === 'found' && token ? (
        <>
          <div>
            <h1 className="text-2xl font-bold break-words sm:text-3xl">
              Join {read.view.practice.name}'s application
            </h1>
            <p className="mt-2 text-slate-700 dark:text-slate-300">
              Hello {read.view.invitee.name}. Your practice manager has filled in the practice's
              part. Add what is yours (your details, your documents and your consent) to be
              registered with the practice's medical aid schemes. You get your own tracking token.
            </p>
          </div>
          {read.view.submitted ? (
            <Alert tone="success" title="Your part is already sent">
              <p>
                You have already sent your part of this application. Your tracking link is in the
                e-mail we sent you.
              </p>
              <Link to="/track" className={linkClass}>
                Track the Process
              </Link>
            </Alert>
          ) : (
            <>
              <PracticePart practice={read.view.practice} />
              <JoinForm token={token} view={read.view} schemes={read.schemes} />
            </>
          )}
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold">Your invitation</h1>
          {read.status === 'failed' ? (
            <Alert tone="error" title="The invitation could not be loaded">
              <p>Please check your connection and try again.</p>
              <Button variant="secondary" className="mt-2" onPress={() => void router.invalidate()}>
                Try again
              </Button>
            </Alert>
          ) : (
            <Alert tone="warning" title="This invitation link no longer works">
              <p>
                It may have expired (links last 14 days), been withdrawn, or been replaced by a
                newer link. Ask your practice manager to send it again, then open the link in the
                new e-mail.
              </p>
            </Alert>
          )}
        </>
      )}
      <HelpCard />
    </div>
  );
}
