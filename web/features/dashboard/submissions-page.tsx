// /dashboard/submissions (beyond the SPEC): every submission, searchable by name, e-mail,
// practice number or token, filtered by status, a page at a time.
import { useEffect, useState } from 'react';
import { dashboardStatusView } from '../../lib/status-labels.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { inputClass } from '../../ui/field.tsx';
import { DeleteSubmissionDialog, type SubmissionToDelete } from './delete-submission-dialog.tsx';
import { PAGE_SIZE, pageRange, type SubmissionListSearch } from './list-search.ts';
import { errorMessage, SUBMISSION_STATUSES } from './presentation.ts';
import { fetchSubmissions, type SubmissionQuery, submissionsKey } from './staff-api.ts';
import { useCached } from './staff-cache.ts';
import { SubmissionsTable } from './submissions-table.tsx';

const SEARCH_DELAY_MS = 300;

export function SubmissionsPage({
  search,
  onSearchChange,
}: {
  search: SubmissionListSearch;
  onSearchChange: (next: SubmissionListSearch) => void;
}) {
  const [text, setText] = useState(search.q ?? '');
  // Cursors of the pages up to the current one, so Previous can go back. They belong to the
  // filter they were read under: a new search or filter starts again at the first page, in
  // the same render (an effect would first ask for the old page under the new filter).
  const filter = JSON.stringify([search.q ?? '', search.status ?? '']);
  const [paging, setPaging] = useState({ filter, cursors: [undefined] as (string | undefined)[] });
  const cursors = paging.filter === filter ? paging.cursors : [undefined];
  const setCursors = (next: (current: (string | undefined)[]) => (string | undefined)[]) =>
    setPaging({ filter, cursors: next(cursors) });
  const cursor = cursors[cursors.length - 1];
  const [toDelete, setToDelete] = useState<SubmissionToDelete | null>(null);

  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === (search.q ?? '')) return;
    const timer = setTimeout(
      () => onSearchChange({ ...search, q: trimmed || undefined }),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [text, search, onSearchChange]);

  const query: SubmissionQuery = {
    limit: PAGE_SIZE,
    cursor,
    q: search.q,
    status: search.status,
  };
  const page = useCached(submissionsKey(query), () => fetchSubmissions(query));
  const items = page.data?.items ?? [];
  const offset = (cursors.length - 1) * PAGE_SIZE;

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
            placeholder="Name, email, practice number or tracking token"
            className={inputClass}
          />
        </div>
        <div className="sm:w-56">
          <label htmlFor="submission-status" className="mb-1 block text-sm font-medium">
            Status
          </label>
          <select
            id="submission-status"
            value={search.status ?? ''}
            onChange={(e) =>
              onSearchChange({
                ...search,
                status: (e.target.value || undefined) as SubmissionListSearch['status'],
              })
            }
            className={inputClass}
          >
            <option value="">All statuses</option>
            {SUBMISSION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {dashboardStatusView[s].label}
              </option>
            ))}
          </select>
        </div>
      </search>

      {page.error !== undefined && !page.data ? (
        <Alert tone="error" title="Could not load the submissions">
          {errorMessage(page.error, 'Please try again.')}
        </Alert>
      ) : !page.data ? (
        <p role="status" className="py-6 text-center text-sm text-slate-600 dark:text-slate-300">
          Loading submissions...
        </p>
      ) : items.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-300">
          {search.q || search.status ? 'No submissions match this search' : 'No submissions yet'}
        </p>
      ) : (
        <SubmissionsTable
          items={items}
          caption="Submissions, newest first"
          onDelete={setToDelete}
        />
      )}

      {page.data && items.length > 0 && (
        <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
            {pageRange(offset, items.length, page.data.total)}
          </p>
          <div className="flex gap-2">
            <Button
              variant="secondary"
              isDisabled={cursors.length === 1}
              onPress={() => setCursors((c) => c.slice(0, -1))}
            >
              Previous
            </Button>
            <Button
              variant="secondary"
              isDisabled={!page.data.nextCursor}
              onPress={() => {
                const next = page.data?.nextCursor;
                if (next) setCursors((c) => [...c, next]);
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
