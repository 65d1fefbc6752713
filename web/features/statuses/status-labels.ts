// How statuses read to people (docs/product.md#states), shared by the tracking, lookup and
// dashboard pages.
// The words come from schema/status-labels.ts, which the worker's mail uses too, so a mail
// about a status change says what the tracking page says; how a badge looks stays here.

import {
  DASHBOARD_SUBMISSION_STATUS_LABEL,
  DOCUMENT_STATUS_LABEL,
  SCHEME_STATUS_LABEL,
  SUBMISSION_STATUS_LABEL,
} from '../../../schema/status-labels.ts';
import type {
  DocumentStatus,
  SchemeStatus,
  SubmissionStatus,
} from '../../../schema/submission-api.ts';
import type { BadgeTone } from '../../ui/badge.tsx';

type Labelled = { label: string; tone: BadgeTone };

function withTones<S extends string>(
  labels: Record<S, string>,
  tones: Record<S, BadgeTone>,
): Record<S, Labelled> {
  const views = {} as Record<S, Labelled>;
  for (const status of Object.keys(tones) as S[]) {
    views[status] = { label: labels[status], tone: tones[status] };
  }
  return views;
}

/** The tracking and lookup pages call a pending submission 'Pending Review'. */
export const submissionStatusView: Record<SubmissionStatus, Labelled> = withTones(
  SUBMISSION_STATUS_LABEL,
  { pending: 'warning', under_review: 'outline', approved: 'success', rejected: 'destructive' },
);

/** The dashboard's labels and badge styles (docs/product.md#states): pending is just 'Pending'
 * there. */
export const dashboardStatusView: Record<SubmissionStatus, Labelled> = withTones(
  DASHBOARD_SUBMISSION_STATUS_LABEL,
  { pending: 'secondary', under_review: 'outline', approved: 'default', rejected: 'destructive' },
);

export const schemeStatusView: Record<SchemeStatus, Labelled> = withTones(SCHEME_STATUS_LABEL, {
  approved: 'success',
  pending: 'warning',
  rejected: 'destructive',
  not_started: 'secondary',
});

export const documentStatusView: Record<DocumentStatus, Labelled> = withTones(
  DOCUMENT_STATUS_LABEL,
  { uploaded: 'secondary', approved: 'success', rejected: 'destructive' },
);

export function practiceTypeLabel(practiceType: 'established' | 'new'): string {
  return practiceType === 'established' ? 'Established practice' : 'New practice';
}
