// How statuses read to people (SPEC §4), shared by the tracking, lookup and dashboard pages.
import type { DocumentStatus, SchemeStatus, SubmissionStatus } from '../../../schema/api.ts';
import type { BadgeTone } from '../../ui/badge.tsx';

type Labelled = { label: string; tone: BadgeTone };

/** The tracking and lookup pages call a pending submission 'Pending Review'. */
export const submissionStatusView: Record<SubmissionStatus, Labelled> = {
  pending: { label: 'Pending Review', tone: 'warning' },
  under_review: { label: 'Under Review', tone: 'outline' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'destructive' },
};

/** The dashboard's labels and badge styles (SPEC §4): pending is just 'Pending' there. */
export const dashboardStatusView: Record<SubmissionStatus, Labelled> = {
  pending: { label: 'Pending', tone: 'secondary' },
  under_review: { label: 'Under Review', tone: 'outline' },
  approved: { label: 'Approved', tone: 'default' },
  rejected: { label: 'Rejected', tone: 'destructive' },
};

export const schemeStatusView: Record<SchemeStatus, Labelled> = {
  approved: { label: 'Approved', tone: 'success' },
  pending: { label: 'Pending', tone: 'warning' },
  rejected: { label: 'Rejected', tone: 'destructive' },
  not_started: { label: 'Not Started', tone: 'secondary' },
};

export const documentStatusView: Record<DocumentStatus, Labelled> = {
  uploaded: { label: 'Uploaded', tone: 'secondary' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'destructive' },
};

export function practiceTypeLabel(practiceType: 'established' | 'new'): string {
  return practiceType === 'established' ? 'Established practice' : 'New practice';
}
