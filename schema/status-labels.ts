// How statuses read to people (docs/product.md#states), in one place for the web pages and the
// worker's mail:
// a mail about a status change uses the tracking page's own words. Labels only; how a badge
// looks is the web app's business.
import type { DocumentStatus, SchemeStatus, SubmissionStatus } from './submission-api.ts';

/** The tracking and lookup pages call a pending submission 'Pending Review'. */
export const SUBMISSION_STATUS_LABEL: Record<SubmissionStatus, string> = {
  pending: 'Pending Review',
  under_review: 'Under Review',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** The dashboard's labels: pending is just 'Pending' there. */
export const DASHBOARD_SUBMISSION_STATUS_LABEL: Record<SubmissionStatus, string> = {
  pending: 'Pending',
  under_review: 'Under Review',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const SCHEME_STATUS_LABEL: Record<SchemeStatus, string> = {
  approved: 'Approved',
  pending: 'Pending',
  rejected: 'Rejected',
  not_started: 'Not Started',
};

export const DOCUMENT_STATUS_LABEL: Record<DocumentStatus, string> = {
  uploaded: 'Uploaded',
  approved: 'Approved',
  rejected: 'Rejected',
};
