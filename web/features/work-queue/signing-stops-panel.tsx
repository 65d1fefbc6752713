// Applications whose practitioner pressed "This was not me" (issue 35): signing is stopped
// until someone calls them, so they head the desk's queue whatever the view, with the reason.
import { Link } from '@tanstack/react-router';
import type { OpenSigningStop } from '../../../schema/scheme-forms-api.ts';
import { signingStopList } from '../../../schema/staff-endpoints.ts';
import { request } from '../../lib/api-client.ts';
import { formatDateTime, isoDateTime } from '../../lib/dates.ts';
import { Alert } from '../../ui/alert.tsx';
import { type Settled, settle } from '../dashboard/staff-api.ts';

export function loadSigningStops(signal: AbortSignal): Promise<Settled<OpenSigningStop[]>> {
  return settle(request(signingStopList, { signal }));
}

export function SigningStopsPanel({ stops }: { stops: Settled<OpenSigningStop[]> }) {
  if (!stops.ok) {
    return (
      <Alert tone="error" title="Could not load the applications with signing stopped">
        Reload to try again.
      </Alert>
    );
  }
  if (stops.data.length === 0) return null;
  return (
    <section
      aria-labelledby="signing-stops-title"
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <h2 id="signing-stops-title" className="font-semibold">
        Signing stopped by the practitioner ({stops.data.length}): call them first
      </h2>
      <ul className="mt-2 space-y-2">
        {stops.data.map((stop) => (
          <li key={stop.submissionId} className="text-sm">
            <Link
              to="/dashboard/submissions/$id"
              params={{ id: stop.submissionId }}
              className="inline-flex min-h-11 items-center font-medium underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
            >
              {stop.practitionerName}
            </Link>{' '}
            — {stop.reason},{' '}
            <time dateTime={isoDateTime(stop.stoppedAt)}>{formatDateTime(stop.stoppedAt)}</time>
            {stop.note && <>: “{stop.note}”</>}
          </li>
        ))}
      </ul>
    </section>
  );
}
