// Over a tracking view shown from the device (load-tracking.ts): says so and when it was last
// read; the page reads it again by itself when the connection returns.
import { formatDateTime } from '../../lib/dates.ts';
import { Alert } from '../../ui/alert.tsx';

export function OfflineViewNotice({ keptAt }: { keptAt: string }) {
  return (
    <div className="mb-4">
      <Alert tone="warning">
        <p>You are offline — last updated {formatDateTime(keptAt)}</p>
      </Alert>
    </div>
  );
}
