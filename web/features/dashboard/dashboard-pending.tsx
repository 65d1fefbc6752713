// The overview while its reads are on their way (docs/product.md#screens-and-routes: 'Loading
// submissions...').
import { DashboardHeader } from './dashboard-header.tsx';

export function DashboardPending() {
  return (
    <div className="space-y-6">
      <DashboardHeader />
      <p role="status" className="py-6 text-center text-sm text-slate-600 dark:text-slate-300">
        Loading submissions...
      </p>
    </div>
  );
}
