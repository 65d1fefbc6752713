// /dashboard/queue (decision 088): the enrolment desk's work queue. 'My work today' (my
// enrolments due by today), 'Everyone' and 'Waiting on practitioners' (issue 27: left out of
// the other two until the practitioner answers); overdue follow-ups first, then due today; filters
// by scheme (every scheme of the view), owner, status, age and practice (decision 127); pages of
// 100 (issue 40); select rows for one change to many.
import { getRouteApi, Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { usePageTitle } from '../../lib/page-title.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Field, inputClass } from '../../ui/field.tsx';
import { OwnerSelect } from '../dashboard/enrolment-controls.tsx';
import { errorMessage } from '../dashboard/presentation.ts';
import { PracticeSelect } from '../practice-desk/practice-filter-field.tsx';
import { SchemeStatusSelect } from '../statuses/scheme-status-select.tsx';
import { BulkChange } from './bulk-change.tsx';
import { ExpiringDocumentsPanel } from './expiring-documents-panel.tsx';
import { LapsedAttestationsPanel } from './lapsed-attestations-panel.tsx';
import { SigningStopsPanel } from './signing-stops-panel.tsx';
import { parseQueueSearch } from './work-queue-load.ts';
import { QueuePager } from './work-queue-pager.tsx';
import { WorkQueueTable } from './work-queue-table.tsx';

const route = getRouteApi('/dashboard/_staff/queue');

const tab =
  'inline-flex min-h-11 items-center rounded-md border border-slate-300 px-4 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-teal-600 dark:border-slate-600';
const activeTab = 'bg-teal-700 text-white border-teal-700 dark:border-teal-500';

export function WorkQueuePage() {
  usePageTitle('Work queue');
  const search = parseQueueSearch(route.useSearch());
  const { queue, stops, attestations, expiring, practices } = route.useLoaderData();
  const navigate = route.useNavigate();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const mine = search.view === 'mine';
  const waiting = search.view === 'waiting';
  const items = queue.ok ? queue.data.items : [];
  const staff = queue.ok ? queue.data.staff : [];
  const schemes = queue.ok ? queue.data.schemes : [];

  function applyFilters(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '') || undefined;
    setSelected(new Set());
    void navigate({
      search: {
        ...(search.view && search.view !== 'everyone' ? { view: search.view } : {}),
        ...Object.fromEntries(
          ['schemeKey', 'ownerId', 'status', 'minAgeDays', 'practiceId']
            .map((k) => [k, value(k)])
            .filter(([, v]) => v),
        ),
      },
    });
  }

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold sm:text-3xl">Work queue</h1>
      <p className="text-slate-600 dark:text-slate-300">
        {waiting
          ? 'Enrolments waiting on the practitioner: their answer brings each back to Everyone.'
          : 'Open scheme enrolments: overdue follow-ups first, then those due today.'}
      </p>
      {search.practiceId && (
        <Link
          to="/dashboard/practices/$id"
          params={{ id: search.practiceId }}
          className={`${tab} w-fit`}
        >
          Back to the practice
        </Link>
      )}
      <SigningStopsPanel stops={stops} />
      <LapsedAttestationsPanel read={attestations} />
      <ExpiringDocumentsPanel read={expiring} />
      <nav aria-label="Whose work" className="flex flex-wrap gap-2">
        <Link
          to="/dashboard/queue"
          search={{ view: 'mine' }}
          className={`${tab} ${mine ? activeTab : ''}`}
          aria-current={mine ? 'page' : undefined}
        >
          My work today
        </Link>
        <Link
          to="/dashboard/queue"
          search={{}}
          className={`${tab} ${mine || waiting ? '' : activeTab}`}
          aria-current={mine || waiting ? undefined : 'page'}
        >
          Everyone
        </Link>
        <Link
          to="/dashboard/queue"
          search={{ view: 'waiting' }}
          className={`${tab} ${waiting ? activeTab : ''}`}
          aria-current={waiting ? 'page' : undefined}
        >
          Waiting on practitioners
        </Link>
      </nav>
      <search>
        <form
          key={JSON.stringify(search)}
          onSubmit={applyFilters}
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end"
        >
          <Field label="Scheme">
            <select name="schemeKey" defaultValue={search.schemeKey ?? ''} className={inputClass}>
              <option value="">All schemes</option>
              {schemes.map((s) => (
                <option key={s.schemeKey} value={s.schemeKey}>
                  {s.schemeName}
                </option>
              ))}
            </select>
          </Field>
          {!mine && (
            <Field label="Owner">
              <OwnerSelect
                name="ownerId"
                defaultValue={search.ownerId ?? ''}
                staff={staff}
                first="Anyone"
              />
            </Field>
          )}
          <Field label="Status">
            <SchemeStatusSelect
              name="status"
              defaultValue={search.status ?? ''}
              first="Open (pending or not started)"
            />
          </Field>
          <Field label="Submitted at least (days ago)">
            <input
              name="minAgeDays"
              type="number"
              min={0}
              max={3650}
              inputMode="numeric"
              defaultValue={search.minAgeDays ?? ''}
              className={inputClass}
            />
          </Field>
          <Field label="Practice">
            <PracticeSelect
              name="practiceId"
              practices={practices}
              defaultValue={search.practiceId ?? ''}
            />
          </Field>
          <Button type="submit" variant="secondary">
            Filter
          </Button>
        </form>
      </search>
      {!queue.ok ? (
        <Alert tone="error" title="Could not load the work queue">
          {errorMessage(queue.error, 'Please try again.')}
        </Alert>
      ) : items.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-300">
          {mine
            ? 'Nothing of yours is due today.'
            : waiting
              ? 'No enrolment is waiting on a practitioner.'
              : 'No open enrolments match.'}
        </p>
      ) : (
        <>
          <BulkChange
            selected={[...selected]}
            items={items}
            staff={staff}
            onDone={() => setSelected(new Set())}
          />
          <WorkQueueTable
            items={items}
            today={queue.data.today}
            selected={selected}
            onSelect={setSelected}
          />
          <QueuePager
            page={queue.data.page}
            pages={queue.data.pages}
            onPage={() => setSelected(new Set())}
          />
        </>
      )}
    </div>
  );
}
