// The staff's tables (the submissions list, the work queue, the practices and a practice's
// practitioners): one frame that scrolls sideways on a phone rather than squeezing its
// columns (or, for a few self-explaining columns, stacks each row's cells), a caption for
// screen readers, and the column headings. Rows are the caller's.
import type { ReactNode } from 'react';

/** A body cell; callers add what their column needs (font, wrapping). */
export const dataCell = 'px-3 py-2 align-middle';
/** A row's link to its own page: a 44 px target with a visible focus ring. */
export const dataRowLink =
  'inline-flex min-h-11 items-center rounded-sm font-medium underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-teal-600';

/** A heading cell, for a `before` cell of the caller's own. */
export const dataHeadingCell = 'px-3 py-2 text-left text-xs font-semibold tracking-wide uppercase';

const STACKED =
  'max-sm:block max-sm:min-w-0 max-sm:[&_tbody]:block max-sm:[&_td]:block max-sm:[&_tr]:block max-sm:[&_tr]:py-1';

export function DataTable({
  caption,
  columns,
  minWidth,
  before,
  stackOnPhone = false,
  children,
}: {
  caption: ReactNode;
  columns: readonly string[];
  /** The width under which the frame scrolls sideways, as a Tailwind class (min-w-[48rem]). */
  minWidth: string;
  /** A heading cell before the named ones (the work queue's select-all). */
  before?: ReactNode;
  /**
   * Below 640 px each row's cells stack instead of scrolling sideways (the headings stay for
   * screen readers): for a few columns whose cells say what they are without their heading.
   */
  stackOnPhone?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
      <table className={`w-full ${minWidth} text-sm ${stackOnPhone ? STACKED : ''}`}>
        <caption className="sr-only">{caption}</caption>
        <thead
          className={`bg-slate-50 text-slate-700 dark:bg-slate-800 dark:text-slate-200 ${stackOnPhone ? 'max-sm:sr-only' : ''}`}
        >
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
