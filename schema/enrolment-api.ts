// The enrolment desk's contracts (decision 088): the staff-only facts of each scheme enrolment,
// its change history, a change to one enrolment or to many at once, and the work queue.
import { z } from 'zod/mini';
import { ENROLMENT_REASONS, SCHEME_STATUSES } from './enrolment.ts';

const day = z
  .string()
  .check(z.trim(), z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-12-01'));
const optionalText = (max: number) =>
  z.optional(
    z.nullable(z.string().check(z.trim(), z.maxLength(max, `Use at most ${max} characters`))),
  );

const schemeStatus = z.enum(SCHEME_STATUSES);
export const enrolmentReason = z.enum(ENROLMENT_REASONS);

/** The enrolment fields a change may set; a field left out stays as it is, null clears it. */
export const enrolmentFields = {
  reason: z.optional(z.nullable(enrolmentReason)),
  providerNumber: optionalText(40),
  effectiveDate: z.optional(z.nullable(day)),
  reasonDetail: optionalText(500),
  followUpOn: z.optional(z.nullable(day)),
  ownerId: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
  internalNotes: optionalText(2000),
  hardCopiesReceived: z.optional(z.boolean()),
};

/** POST /api/admin/enrolments/bulk: one change for many enrolments, each its own history entry. */
export const bulkEnrolmentChangeRequest = z.object({
  statusIds: z
    .array(z.string())
    .check(
      z.minLength(1, 'Select at least one enrolment'),
      z.maxLength(200, 'At most 200 at once'),
    ),
  status: z.optional(schemeStatus),
  ...enrolmentFields,
  /**
   * Each selected enrolment's own provider number, by statusId (schemes issue one per
   * practitioner); an enrolment named here takes its number instead of providerNumber.
   */
  providerNumbers: z.optional(
    z.record(
      z.string().check(z.maxLength(64)),
      z
        .string()
        .check(
          z.trim(),
          z.minLength(1, "Enter the scheme's provider number"),
          z.maxLength(40, 'Use at most 40 characters'),
        ),
    ),
  ),
});
export type BulkEnrolmentChangeRequest = z.infer<typeof bulkEnrolmentChangeRequest>;

export const enrolmentHistoryEntry = z.object({
  id: z.string(),
  actor: z.string(),
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  bulk: z.boolean(),
  createdAt: z.string(),
});

/**
 * POST /api/admin/enrolments/:statusId/request: the enrolment waits on the practitioner for
 * this. documentId names one of the application's current documents to send again: it is
 * marked rejected with the request as the reason, and its replacement answers the request.
 */
export const practitionerRequestCreate = z.object({
  request: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Say what the practitioner should send or do'),
      z.maxLength(500, 'Use at most 500 characters'),
    ),
  documentId: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
});
export type PractitionerRequestCreate = z.infer<typeof practitionerRequestCreate>;

/** A request as staff see it, with the reminders sent and the answer. */
export const staffPractitionerRequest = z.object({
  id: z.string(),
  request: z.string(),
  documentId: z.nullable(z.string()),
  requestedAt: z.string(),
  remindersSent: z.number(),
  answeredAt: z.nullable(z.string()),
  answerNote: z.nullable(z.string()),
  answerDocumentId: z.nullable(z.string()),
});
export type StaffPractitionerRequest = z.infer<typeof staffPractitionerRequest>;

/** What staff alone see of one enrolment (keyed by its medical_aid_statuses id). */
export const staffEnrolment = z.object({
  statusId: z.string(),
  reason: z.nullable(enrolmentReason),
  providerNumber: z.nullable(z.string()),
  effectiveDate: z.nullable(z.string()),
  reasonDetail: z.nullable(z.string()),
  followUpOn: z.nullable(z.string()),
  ownerId: z.nullable(z.string()),
  internalNotes: z.nullable(z.string()),
  hardCopiesReceived: z.boolean(),
  history: z.array(enrolmentHistoryEntry),
  /** The latest request to the practitioner, open or answered; null if none was made. */
  request: z.nullable(staffPractitionerRequest),
});
export type StaffEnrolment = z.infer<typeof staffEnrolment>;

export const staffMember = z.object({ id: z.string(), email: z.string() });
export type StaffMember = z.infer<typeof staffMember>;

/** GET /api/admin/enrolments: the work queue's query. */
export const workQueueQuery = z.object({
  /** waiting: the enrolments waiting on the practitioner, which the other views leave out. */
  view: z.optional(z.enum(['mine', 'everyone', 'waiting'])),
  schemeKey: z.optional(z.string().check(z.maxLength(80))),
  ownerId: z.optional(z.string().check(z.maxLength(64))),
  status: z.optional(schemeStatus),
  /** Only enrolments of applications submitted at least this many days ago. */
  minAgeDays: z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(3650))),
  /** The page of the queue, from 1 (issue 40: every open enrolment can be reached). */
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000))),
  /** Only the enrolments of one practice's submissions (decision 127). */
  practiceId: z.optional(z.string().check(z.maxLength(64))),
});
export type WorkQueueQuery = z.infer<typeof workQueueQuery>;

export const workQueueItem = z.object({
  statusId: z.string(),
  submissionId: z.string(),
  practitionerName: z.string(),
  schemeKey: z.string(),
  schemeName: z.string(),
  status: schemeStatus,
  reason: z.nullable(enrolmentReason),
  followUpOn: z.nullable(z.string()),
  ownerId: z.nullable(z.string()),
  ownerEmail: z.nullable(z.string()),
  submittedAt: z.string(),
  /** overdue: follow-up before today; today: due today; later; none: no follow-up set. */
  due: z.enum(['overdue', 'today', 'later', 'none']),
});
export type WorkQueueItem = z.infer<typeof workQueueItem>;

export const workQueue = z.object({
  today: z.string(),
  items: z.array(workQueueItem),
  staff: z.array(staffMember),
  /** Every scheme with an enrolment in this view, whatever the page (the scheme filter's list). */
  schemes: z.array(z.object({ schemeKey: z.string(), schemeName: z.string() })),
  page: z.number(),
  /** How many pages the view holds (at least 1). */
  pages: z.number(),
});
export type WorkQueue = z.infer<typeof workQueue>;

/** GET /api/admin/enrolments/times: where time goes (decision 088). Days are whole-day floats. */
export const enrolmentTimes = z.object({
  /** Time from submission to each scheme's outcome (approved or rejected). */
  schemes: z.array(
    z.object({
      schemeKey: z.string(),
      schemeName: z.string(),
      outcomes: z.number(),
      medianDays: z.number(),
      p90Days: z.number(),
    }),
  ),
  /** Applications received per week (Monday, South African day), the last 12 weeks. */
  weeks: z.array(z.object({ weekStart: z.string(), applications: z.number() })),
  /** Enrolments now in each scheme status. */
  backlog: z.array(z.object({ status: schemeStatus, enrolments: z.number() })),
  /**
   * Approved applications, and those whose every current dated document is still good today
   * (issue 38): the share of practitioners fully valid.
   */
  validity: z.optional(z.object({ approved: z.number(), fullyValid: z.number() })),
});
export type EnrolmentTimes = z.infer<typeof enrolmentTimes>;
