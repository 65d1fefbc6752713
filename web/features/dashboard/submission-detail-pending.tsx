// The submission page while its read is on its way.
import { BackToSubmissions } from './back-to-submissions.tsx';

export function SubmissionDetailPending() {
  return (
    <div className="space-y-4">
      <BackToSubmissions />
      <p role="status" className="py-6 text-center text-slate-600 dark:text-slate-300">
        Loading submission...
      </p>
    </div>
  );
}
