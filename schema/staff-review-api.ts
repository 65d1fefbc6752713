// The staff dashboard's contracts (docs/product.md#entities) and its review workflow (beyond
// the product rules): the list, the status changes, a submission as staff see it, the export.
import { z } from 'zod/mini';
import { isoDate } from './api-basics.ts';
import { enrolmentFields, staffEnrolment, staffMember } from './enrolment-api.ts';
import { practiceType, schemeStatus, submissionStatus } from './submission-api.ts';
import { trackingResponse } from './tracking-api.ts';

// ---- Staff dashboard (docs/product.md#entities) ----
const adminStats = z.object({
  totalSubmissions: z.number(),
  pendingSubmissions: z.number(),
  approvedSubmissions: z.number(),
  totalPractitioners: z.number(),
});
export type AdminStats = z.infer<typeof adminStats>;

const adminSubmissionListItem = z.object({
  submission: z.object({
    id: z.string(),
    status: submissionStatus,
    practiceType,
    createdAt: isoDate,
    trackingToken: z.string(),
    reference: z.string(),
  }),
  practitioner: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
});
export type AdminSubmissionListItem = z.infer<typeof adminSubmissionListItem>;

/**
 * GET /api/admin/submissions: the body is the list of pairs the product rules fix, newest first. Paging and
 * filters are query parameters; the total matching count is in the X-Total-Count header and
 * the cursor of the next page, if any, in X-Next-Cursor.
 */
export const adminSubmissionsQuery = z.object({
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100))),
  cursor: z.optional(z.string().check(z.maxLength(200))),
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  status: z.optional(submissionStatus),
  /**
   * 'needed': only submissions staff have to act on: status pending, or a replacement
   * document waiting for review (status 'uploaded').
   */
  review: z.optional(z.literal('needed')),
  /** Only the submissions of one practice that onboarded together (decision 127). */
  practiceId: z.optional(z.string().check(z.maxLength(64))),
});

// ---- Staff review workflow (beyond the product rules) ----
export const updateSubmissionStatusRequest = z.object({
  status: submissionStatus,
  note: z.optional(z.string().check(z.trim(), z.maxLength(1000))),
});
export const updateSchemeStatusRequest = z.object({
  status: schemeStatus,
  notes: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(1000)))),
  requiresHardCopy: z.optional(z.boolean()),
  // The enrolment desk's fields (decision 088), each optional.
  ...enrolmentFields,
});
export const updateDocumentStatusRequest = z
  .object({
    status: z.enum(['approved', 'rejected']),
    reason: z.optional(z.string().check(z.trim(), z.maxLength(500))),
  })
  .check(
    z.refine((v) => v.status !== 'rejected' || Boolean(v.reason), {
      message: 'Give a reason when rejecting a document',
      path: ['reason'],
    }),
  );

const auditEntry = z.object({
  id: z.string(),
  actor: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  details: z.nullable(z.record(z.string(), z.unknown())),
  createdAt: isoDate,
});

/** GET /api/admin/submissions/:id: the tracking view plus what only staff see. */
const adminSubmissionDetail = z.object({
  ...trackingResponse.shape,
  practitioner: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    idNumber: z.nullable(z.string()),
    email: z.string(),
    phone: z.string(),
    specialization: z.string(),
  }),
  consent: z.nullable(
    z.object({
      termsVersion: z.string(),
      consentedAt: isoDate,
      clientTimestamp: z.nullable(z.string()),
    }),
  ),
  auditLog: z.array(auditEntry),
});

// ---- Staff views of a submission ----
/** A document as staff see it: the tracking fields plus file facts and a short-lived link. */
const staffDocument = z.object({
  ...trackingResponse.shape.documents.def.element.shape,
  sectionLabel: z.string(),
  fileSize: z.number(),
  fileType: z.string(),
  reviewedAt: z.nullable(isoDate),
  /** The date the section's validity rule needs (issue 38), and the last day it is good. */
  validityDate: z.nullable(z.string()),
  goodUntil: z.nullable(z.string()),
  /** Signed, expires after a few minutes; ask GET /api/admin/documents/:id/download for a new one. */
  downloadUrl: z.string(),
});
export type StaffDocument = z.infer<typeof staffDocument>;

/**
 * GET /api/admin/practitioners/:id/export (POPIA access request): every stored row about the
 * practitioner as stored, per submission, with a short-lived download link per document.
 */
const storedRow = z.record(z.string(), z.unknown());
export const practitionerExport = z.object({
  exportedAt: isoDate,
  exportedBy: z.string(),
  practitioner: storedRow,
  submissions: z.array(
    z.object({
      ...z.object({ id: z.string() }).shape,
      documents: z.array(
        z.object({ id: z.string(), fileName: z.string(), downloadUrl: z.string() }),
      ),
      consentRecords: z.array(storedRow),
      medicalAidStatuses: z.array(storedRow),
      statusEvents: z.array(storedRow),
      notices: z.array(storedRow),
      auditLog: z.array(storedRow),
      /** The enrolment desk's history of each scheme (decision 088). */
      enrolmentChanges: z.array(storedRow),
      /** What staff asked the practitioner for, with the answers (issue 27). */
      practitionerRequests: z.array(storedRow),
      profile: z.nullable(storedRow),
      /** Each saved change of the profile, field by field, opened (issue 35). */
      profileChanges: z.array(storedRow),
      /** "This was not me" presses and how staff resumed signing (issue 35). */
      signingStops: z.array(storedRow),
    }),
  ),
  mail: z.array(storedRow),
});
export type PractitionerExport = z.infer<typeof practitionerExport>;

/**
 * GET /api/admin/submissions/:id, and the answer of every review PATCH: adminSubmissionDetail
 * with staffDocument entries.
 */
export const staffSubmissionDetail = z.object({
  ...adminSubmissionDetail.shape,
  documents: z.array(staffDocument),
  /** The staff-only side of each scheme enrolment, with its history (decision 088). */
  enrolments: z.array(staffEnrolment),
  /** Who an enrolment can be given to. */
  staff: z.array(staffMember),
});
export type StaffSubmissionDetail = z.infer<typeof staffSubmissionDetail>;
