// The GOV.UK error summary (decision 097): 'There is a problem' above the page, focused when
// Continue or Submit finds problems, each a link to its field, document section or the
// consent (on whichever page it is). It stays until the problems are fixed.
import { type Ref, useId } from 'react';

/** Any problem with a message and the element its link focuses (the wizard's, the manager's). */
type Linked = { target: string; message: string };

export function ErrorSummary<Problem extends Linked>({
  problems,
  onGo,
  ref,
}: {
  problems: readonly Problem[];
  onGo: (problem: Problem) => void;
  ref?: Ref<HTMLDivElement>;
}) {
  const titleId = useId();
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby={titleId}
      className="rounded-lg border-2 border-red-700 bg-white p-4 outline-none focus-visible:ring-4 focus-visible:ring-teal-600 dark:border-red-400 dark:bg-slate-900"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        There is a problem
      </h2>
      <ul className="mt-2 space-y-1">
        {problems.map((problem) => (
          <li key={problem.target}>
            <a
              href={`#${problem.target}`}
              onClick={(e) => {
                e.preventDefault();
                onGo(problem);
              }}
              className="inline-flex min-h-11 items-center font-medium text-red-700 underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-teal-600 dark:text-red-300"
            >
              {problem.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
