// 'Page 3 of 8', which opens into a link to every page (decision 097): nothing traps the
// practitioner, who may fill the pages in any order.
import { useState } from 'react';
import { PAGE_NAMES, type WizardPageKey } from './wizard-pages.ts';

export function PageProgress({
  page,
  pages,
  started,
  onGo,
}: {
  page: WizardPageKey;
  pages: readonly WizardPageKey[];
  /** Whether a practice type is chosen: before that the number of pages is not known. */
  started: boolean;
  onGo: (page: WizardPageKey) => void;
}) {
  const [open, setOpen] = useState(false);
  const number = pages.indexOf(page) + 1;
  return (
    <nav aria-label="Application pages">
      <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-md text-sm font-medium text-teal-800 underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-teal-600 dark:text-teal-300">
          {started ? `Page ${number} of ${pages.length}` : `Page ${number}`}
        </summary>
        <ol className="mt-1 space-y-1 text-sm">
          {pages.map((key, i) => (
            <li key={key}>
              {key === page ? (
                <span aria-current="step" className="inline-flex min-h-11 items-center font-bold">
                  {i + 1}. {PAGE_NAMES[key]}
                </span>
              ) : (
                <a
                  href={key === 'practice-type' ? '/' : `/?step=${key}`}
                  onClick={(e) => {
                    e.preventDefault();
                    setOpen(false);
                    onGo(key);
                  }}
                  className="inline-flex min-h-11 items-center font-medium text-teal-800 underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-teal-600 dark:text-teal-300"
                >
                  {i + 1}. {PAGE_NAMES[key]}
                </a>
              )}
            </li>
          ))}
        </ol>
      </details>
    </nav>
  );
}
