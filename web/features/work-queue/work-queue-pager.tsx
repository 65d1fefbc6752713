// The work queue's pages (issue 40): every open enrolment can be reached, the filter kept.
import { Link } from '@tanstack/react-router';

const pageLink =
  'inline-flex min-h-11 items-center rounded-md border border-slate-300 px-4 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-teal-600 dark:border-slate-600';

export function QueuePager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: () => void;
}) {
  if (pages <= 1) return null;
  // The filter stays; the first page has no page in the address.
  const to = (next: number) => (current: Record<string, string | undefined>) =>
    Object.fromEntries(
      Object.entries({ ...current, page: next > 1 ? String(next) : undefined }).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    );
  return (
    <nav aria-label="Work queue pages" className="flex flex-wrap items-center gap-3 pb-24">
      {page > 1 && (
        <Link to="/dashboard/queue" search={to(page - 1)} onClick={onPage} className={pageLink}>
          Previous page
        </Link>
      )}
      <span className="text-sm" aria-current="page">
        Page {page} of {pages}
      </span>
      {page < pages && (
        <Link to="/dashboard/queue" search={to(page + 1)} onClick={onPage} className={pageLink}>
          Next page
        </Link>
      )}
    </nav>
  );
}
