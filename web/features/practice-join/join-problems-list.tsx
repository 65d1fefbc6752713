// The problems of the practitioner's part after Submit: the message, then each problem with a
// link to its field where it has one. Focused when shown, so a screen reader hears it.
import type { Ref } from 'react';
import { problemTarget } from './join-problems.ts';

export function JoinProblems({
  ref,
  message,
  errors,
}: {
  ref: Ref<HTMLDivElement>;
  message: string;
  errors: Record<string, string>;
}) {
  const entries = Object.entries(errors);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby="join-problems-title"
      className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-950 outline-none focus-visible:ring-2 focus-visible:ring-teal-600 dark:border-red-700 dark:bg-red-950 dark:text-red-100"
    >
      <p id="join-problems-title" className="font-semibold">
        {message}
      </p>
      {entries.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {entries.map(([path, text]) => {
            const target = problemTarget(path);
            return (
              <li key={path}>
                {target ? (
                  <a
                    href={`#${target}`}
                    className="inline-flex min-h-11 items-center underline underline-offset-2"
                    onClick={(e) => {
                      e.preventDefault();
                      document.getElementById(target)?.focus();
                    }}
                  >
                    {text}
                  </a>
                ) : (
                  text
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
