// /dashboard/submissions (beyond the product rules): every submission, searchable by name, e-mail,
// practice number or token, filtered by status or to what needs review, and to one practice that
// onboarded together (decision 127), a page at a time.
import { getRouteApi, Link } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { usePageTitle } from '../../lib/page-title.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { buttonClass } from '../../ui/button-class.ts';
import { inputClass } from '../../ui/field.tsx';
import { PracticeSelect } from '../practice-desk/practice-filter-field.tsx';
import { dashboardStatusView } from '../statuses/status-labels.ts';
import { DeleteSubmissionDialog, type SubmissionToDelete } from './delete-submission-dialog.tsx';
import {
  filterFromValue,
  filterValue,
  NEEDS_REVIEW,
  PAGE_SIZE,
  pageRange,
  parseListSearch,
  type SubmissionListSearch,
} from './list-search.ts';
import { errorMessage, SUBMISSION_STATUSES } from './presentation.ts';
import { SubmissionsTable } from './submissions-table.tsx';

const SEARCH_DELAY_MS = 300;
const route = getRouteApi('/dashboard/_staff/submissions/');

export function SubmissionsPage() {
  usePageTitle('All submissions');
  const search = parseListSearch(route.useSearch());
  const { page, practices } = route.useLoaderData();
  const navigate = route.useNavigate();
  const onSearchChange = useCallback(
    (next: SubmissionListSearch) => void navigate({ search: next, replace: true }),
    [navigate],
  );
  const [text, setText] = useState(search.q ?? '');
  // Cursors of the pages before the current one, so Previous can go back. They belong to the
  // filter they were read under: a new search or filter starts again at the first page.
  const filter = JSON.stringify([search.q ?? '', filterValue(search), search.practiceId ?? '']);
  const [history, setHistory] = useState({ filter, cursors: [] as (string | undefined)[] });
  const previous = history.filter === filter ? history.cursors : [];
  const [toDelete, setToDelete] = useState<SubmissionToDelete | null>(null);

  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === (search.q ?? '')) return;
    const timer = setTimeout(
      () =>
        onSearchChange({
          q: trimmed || undefined,
          status: search.status,
          review: search.review,
          practiceId: search.practiceId,
        }),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [text, search.q, search.status, search.review, search.practiceId, onSearchChange]);

  const goTo = (cursor: string | undefined, cursors: (string | undefined)[]) => {
    setHistory({ filter, cursors });
    onSearchChange({ ...search, cursor });
  };
  const items = page.ok ? page.data.items : [];
  const offset = previous.length * PAGE_SIZE;

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold sm:text-3xl">All submissions</h1>
      <search className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="submission-search" className="mb-1 block text-sm font-medium">
            Search
          </label>
          <input
            id="submission-search"
            type="search"
            value={text}
            maxLength={100}
            onChange={(e) => setText(e.target.value)}
            placeholder="Name, email, practice number, reference or tracking token"
            className={inputClass}
          />
        </div>
        <div className="sm:w-56">
          <label htmlFor="submission-status" className="mb-1 block text-sm font-medium">
            Status
          </label>
          <select
            id="submission-status"
            value={filterValue(search)}
            onChange={(e) =>
              onSearchChange({
                q: search.q,
                practiceId: search.practiceId,
                ...filterFromValue(e.target.value),
              })
            }
            className={inputClass}
          >
            <option value="">All statuses</option>
            <option value={NEEDS_REVIEW}>Needs review</option>
            {SUBMISSION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {dashboardStatusView[s].label}
              </option>
            ))}
          </select>
        </div>
        <div className="sm:w-64">
          <label htmlFor="submission-practice" className="mb-1 block text-sm font-medium">
            Practice
          </label>
          <PracticeSelect
            id="submission-practice"
            practices={practices}
            value={search.practiceId ?? ''}
            onChange={(e) =>
              onSearchChange({
                q: search.q,
                status: search.status,
                review: search.review,
                practiceId: e.target.value || undefined,
              })
            }
          />
        </div>
      </search>
      {search.practiceId && (
        <Link
          to="/dashboard/practices/$id"
          params={{ id: search.practiceId }}
          className={buttonClass('secondary')}
        >
          Open this practice's page
        </Link>
      )}

      {!page.ok ? (
        <Alert tone="error" title="Could not load the submissions">
          {errorMessage(page.error, 'Please try again.')}
        </Alert>
      ) : items.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-300">
          {search.q || search.status || search.review || search.practiceId
            ? 'No submissions match this search'
            : 'No submissions yet'}
        </p>
      ) : (
        <SubmissionsTable
          items={items}
          caption="Submissions, newest first"
          onDelete={setToDelete}
        />
      )}

      {page.ok && items.length > 0 && (
        <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
            {pageRange(offset, items.length, page.data.total)}
          </p>
          <div className="flex gap-2">
            <Button
              variant="secondary"
              isDisabled={previous.length === 0}
              onPress={() => goTo(previous.at(-1), previous.slice(0, -1))}
            >
              Previous
            </Button>
            <Button
              variant="secondary"
              isDisabled={!page.data.nextCursor}
              onPress={() => {
                const next = page.data.nextCursor;
                if (next) goTo(next, [...previous, search.cursor]);
              }}
            >
              Next
            </Button>
          </div>
        </nav>
      )}
      <DeleteSubmissionDialog target={toDelete} onClose={() => setToDelete(null)} />
    </div>
  );
}
