// The staff's tables (the submissions list, the work queue, the practices and a practice's
// practitioners): one frame that scrolls sideways on a phone rather than squeezing its
// columns, a caption for screen readers, and the column headings. Rows are the caller's.
import type { ReactNode } from 'react';

/** A body cell; callers add what their column needs (font, wrapping). */
export const dataCell = 'px-3 py-2 align-middle';
/** A row's link to its own page: a 44 px target with a visible focus ring. */
export const dataRowLink =
  'inline-flex min-h-11 items-center rounded-sm font-medium underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-teal-600';

/** A heading cell, for a `before` cell of the caller's own. */
export const dataHeadingCell = 'px-3 py-2 text-left text-xs font-semibold tracking-wide uppercase';

export function DataTable({
  caption,
  columns,
  minWidth,
  before,
  children,
}: {
  caption: ReactNode;
  columns: readonly string[];
  /** The width under which the frame scrolls sideways, as a Tailwind class (min-w-[48rem]). */
  minWidth: string;
  /** A heading cell before the named ones (the work queue's select-all). */
  before?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
      <table className={`w-full ${minWidth} text-sm`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          <tr>
            {before}
            {columns.map((name) => (
              <th key={name} scope="col" className={dataHeadingCell}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-700">{children}</tbody>
      </table>
    </div>
  );
}
