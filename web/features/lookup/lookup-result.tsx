// The privacy-limited status view (docs/product.md#screens-and-routes, #roles): status, dates,
// schemes, timeline — no
// personal details or documents.
import type { LookupResponse } from '../../../schema/tracking-api.ts';
import { formatDate, isoDateTime } from '../../lib/dates.ts';
import { Badge } from '../../ui/badge.tsx';
import { Card, CardTitle } from '../../ui/card.tsx';
import { Timeline } from '../../ui/timeline.tsx';
import { practiceTypeLabel, submissionStatusView } from '../statuses/status-labels.ts';
import { SchemeStatusItem } from '../tracking/scheme-status-item.tsx';

export function LookupResult({ data }: { data: LookupResponse }) {
  const status = submissionStatusView[data.status.applicationStatus];
  const timeline = [...data.timeline]
    .sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp))
    .map((entry, index) => ({
      id: `${index}-${entry.timestamp}`,
      description: entry.description,
      at: entry.timestamp,
    }));

  return (
    <div className="flex flex-col gap-4" aria-live="polite">
      <Card aria-labelledby="lookup-status-title">
        <CardTitle id="lookup-status-title">Application Status</CardTitle>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <Badge tone={status.tone}>{status.label}</Badge>
          {data.actionNeeded && <Badge tone="warning">Action needed — check your e-mail</Badge>}
          <span className="text-sm text-slate-700 dark:text-slate-200">
            {practiceTypeLabel(data.status.practiceType)}
          </span>
        </div>
        <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
          <div>
            <dt className="text-slate-600 dark:text-slate-300">Submitted</dt>
            <dd className="font-medium">
              <time dateTime={isoDateTime(data.status.submittedDate)}>
                {formatDate(data.status.submittedDate)}
              </time>
            </dd>
          </div>
          <div>
            <dt className="text-slate-600 dark:text-slate-300">Last updated</dt>
            <dd className="font-medium">
              <time dateTime={isoDateTime(data.status.lastUpdated)}>
                {formatDate(data.status.lastUpdated)}
              </time>
            </dd>
          </div>
        </dl>
      </Card>

      <Card aria-labelledby="lookup-schemes-title">
        <CardTitle id="lookup-schemes-title">Medical Aid Schemes</CardTitle>
        {data.medicalAidStatuses.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
            No scheme applications yet.
          </p>
        ) : (
          <ul className="mt-3 flex flex-col gap-3">
            {data.medicalAidStatuses.map((scheme) => (
              <SchemeStatusItem
                key={scheme.schemeName}
                name={scheme.schemeName}
                status={scheme.status}
                requiresHardCopy={scheme.requiresHardCopy}
                notes={scheme.notes}
              />
            ))}
          </ul>
        )}
      </Card>

      <Card aria-labelledby="lookup-timeline-title">
        <CardTitle id="lookup-timeline-title">Timeline</CardTitle>
        <div className="mt-3">
          <Timeline items={timeline} label="Application timeline" />
        </div>
      </Card>
    </div>
  );
}
