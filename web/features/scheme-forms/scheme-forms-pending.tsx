// /track/forms while its read is on its way (and the pre-rendered page).
import { usePageTitle } from '../../lib/page-title.ts';

export function SchemeFormsPending() {
  usePageTitle('Your scheme forms');
  return (
    <div className="mx-auto flex min-h-dvh max-w-2xl flex-col gap-4 px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-bold">Your scheme forms</h1>
      <p role="status" className="text-slate-700 dark:text-slate-200">
        Loading your forms...
      </p>
    </div>
  );
}
