// The desk's "Expiring" view (issue 38): documents overdue or good for 30 days at most, with
// the date given, the rule and the reminders already sent, nearest first; staff tick some and
// remind the practitioners now (one mail per document a day). Beside the spec's statuses,
// never instead of them.
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { ExpiringDocuments } from '../../../schema/document-validity-api.ts';
import { expiringDocumentsRead, remindNow } from '../../../schema/staff-endpoints.ts';
import { request } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/dates.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { type Settled, settle } from '../dashboard/staff-api.ts';
import { useReviewAction } from '../dashboard/use-review-action.ts';

export function loadExpiringDocuments(signal: AbortSignal): Promise<Settled<ExpiringDocuments>> {
  return settle(request(expiringDocumentsRead, { signal }));
}

const day = (date: string) => formatDate(`${date}T12:00:00Z`);

function stepText(step: string): string {
  if (step === 'on_the_day') return 'on the day';
  if (step.startsWith('before_')) return `${step.slice(7)} days before`;
  return 'by staff';
}

export function ExpiringDocumentsPanel({ read }: { read: Settled<ExpiringDocuments> }) {
  const { busy, run } = useReviewAction();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  if (!read.ok) {
    return (
      <Alert tone="error" title="Could not load the documents that expire">
        Reload to try again.
      </Alert>
    );
  }
  const { items } = read.data;
  const overdue = items.filter((i) => i.standing === 'overdue').length;
  const toggle = (id: string, on: boolean) =>
    setChosen((set) => {
      const next = new Set(set);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const remind = () =>
    void run(() => request(remindNow, { body: { documentIds: [...chosen] } }), {
      title: 'Reminders on their way',
      description: 'Each practitioner chosen gets one mail today with a link to send a new one.',
    }).then((saved) => saved && setChosen(new Set()));
  return (
    <details className="rounded-md border border-slate-200 dark:border-slate-700">
      <summary className="min-h-11 cursor-pointer px-3 py-2.5 font-medium outline-none focus-visible:ring-2 focus-visible:ring-teal-600">
        Expiring: {items.length - overdue} in the next 30 days, {overdue} overdue
      </summary>
      <div className="space-y-3 px-3 pb-3">
        {items.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            No document runs out in the next 30 days.
          </p>
        ) : (
          <ul className="divide-y divide-slate-200 text-sm dark:divide-slate-700">
            {items.map((item) => (
              <li key={item.documentId} className="py-1">
                <Checkbox
                  checked={chosen.has(item.documentId)}
                  onChange={(e) => toggle(item.documentId, e.target.checked)}
                  description={
                    <>
                      {item.rule ?? 'No rule now'}
                      {item.validityDate ? `; dated ${day(item.validityDate)}` : ''}
                      {item.remindersSent.length > 0
                        ? `; reminded ${item.remindersSent.map((r) => `${stepText(r.step)} (${formatDate(r.sentAt)})`).join(', ')}`
                        : '; not reminded yet'}
                    </>
                  }
                >
                  <span className="font-medium">{item.sectionLabel}</span> of{' '}
                  {item.practitionerName} —{' '}
                  <span
                    className={
                      item.standing === 'overdue'
                        ? 'font-medium text-red-700 dark:text-red-300'
                        : 'font-medium text-amber-800 dark:text-amber-300'
                    }
                  >
                    {item.standing === 'overdue' ? 'ran out' : 'good until'} {day(item.goodUntil)}
                  </span>
                </Checkbox>
                <Link
                  to="/dashboard/submissions/$id"
                  params={{ id: item.submissionId }}
                  className="ml-8 inline-flex min-h-11 items-center underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
                >
                  Open application {item.reference ?? ''}
                </Link>
              </li>
            ))}
          </ul>
        )}
        {items.length > 0 && (
          <Button variant="secondary" isDisabled={busy || chosen.size === 0} onPress={remind}>
            Remind the {chosen.size || ''} chosen now
          </Button>
        )}
      </div>
    </details>
  );
}
