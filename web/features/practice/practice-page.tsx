// /practice?token=… (decision 120): the practice manager's page. The practice's own part, who
// has been invited and where each stands per scheme, and inviting more. The link is the
// manager's alone; it opens no practitioner's personal details or documents.
import { useRouter } from '@tanstack/react-router';
import { usePageTitle } from '../../lib/page-title.ts';
import { Alert } from '../../ui/alert.tsx';
import { Card, CardTitle } from '../../ui/card.tsx';
import { HelpCard } from '../../ui/help-card.tsx';
import { InviteForm } from './invite-form.tsx';
import type { PracticeRead } from './load-practice.ts';
import { PractitionerList } from './practitioner-list.tsx';

export function PracticePage({ token, read }: { token?: string; read: PracticeRead }) {
  usePageTitle(read.status === 'found' ? read.data.practice.name : 'Your practice');
  const router = useRouter();
  const reload = () => void router.invalidate();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-6 sm:py-10">
      {read.status === 'found' && token ? (
        <>
          <div>
            <h1 className="text-2xl font-bold break-words">{read.data.practice.name}</h1>
            <p className="mt-1 text-slate-600 dark:text-slate-300">
              {read.data.practice.practiceType === 'established'
                ? `Established practice${read.data.practice.practiceNumber ? ` · PCNS ${read.data.practice.practiceNumber}` : ''}`
                : 'New practice'}
            </p>
          </div>
          <Alert tone="info" title="Keep this page's link private">
            It is how you follow the practice's application. Each practitioner's personal details
            and documents stay with them and the bureau; you see their names and scheme statuses.
          </Alert>
          <PractitionerList
            token={token}
            practitioners={read.data.practitioners}
            onChanged={reload}
          />
          <InviteForm token={token} onInvited={reload} />
          <Card aria-labelledby="shared-title">
            <CardTitle id="shared-title">The practice's documents</CardTitle>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              Given once for every practitioner of the practice.
            </p>
            <ul className="mt-3 flex flex-col gap-1 text-sm">
              {read.data.practice.documents.map((doc) => (
                <li key={`${doc.sectionLabel}-${doc.fileName}`} className="flex flex-wrap gap-x-2">
                  <span className="font-medium">{doc.sectionLabel}:</span>
                  <span className="break-all">{doc.fileName}</span>
                </li>
              ))}
            </ul>
          </Card>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold">Your practice</h1>
          <Alert tone="error">
            {read.status === 'failed' && !read.notFound
              ? 'The practice could not be loaded. Please check your connection and try again.'
              : 'Practice not found. Please open the link from the e-mail we sent you.'}
          </Alert>
        </>
      )}
      <HelpCard />
    </div>
  );
}
