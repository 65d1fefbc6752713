// The zod contracts of every call (docs/product.md#api plus the staff review workflow), shared by
// the
// web app and the API. Written with zod/mini so the browser only pays for what it uses.
import { z } from 'zod/mini';
import { validityDateSchema } from './document-validity.ts';
import { publicValidityRule } from './document-validity-api.ts';
import { SCHEME_STATUSES } from './enrolment.ts';
import { enrolmentFields, staffEnrolment, staffMember } from './enrolment-api.ts';
import { postingChecklist } from './posting-checklist.ts';
import {
  hpcsaNumberProblem,
  idNumberProblem,
  isValidPracticeNumber,
  normaliseHpcsaNumber,
  normalisePracticeNumber,
  toE164,
} from './practitioner-numbers.ts';

export const text = (max: number, required = 'This field is required') =>
  z
    .string()
    .check(z.trim(), z.minLength(1, required), z.maxLength(max, `Use at most ${max} characters`));

const isoDate = z.string();

/** A check whose message depends on the value: `problem` gives it, or undefined when fine. */
const problemCheck = (problem: (value: string) => string | undefined) =>
  z.check<string>((ctx) => {
    const message = problem(ctx.value);
    if (message) ctx.issues.push({ code: 'custom', message, input: ctx.value });
  });

// ---- Errors ----
export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.optional(z.record(z.string(), z.string())),
    /** On 409 application_already_submitted: the tracking token of the accepted application. */
    trackingToken: z.optional(z.string()),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;

// ---- Configuration shown by the web app ----
const publicConfig = z.object({
  supportEmail: z.string(),
  bureauName: z.string(),
  postalAddress: z.array(z.string()),
});
export type PublicConfig = z.infer<typeof publicConfig>;

// ---- Session (docs/product.md#entities) ----
export const loginRequest = z.object({
  email: z.string().check(z.trim(), z.email('Invalid email address')),
  password: z
    .string()
    .check(z.minLength(1, 'Password is required'), z.maxLength(1024, 'Password is too long')),
  /** The authenticator app's 6-digit code or a recovery code (decision 070). */
  totp: z.optional(z.string().check(z.trim(), z.maxLength(64, 'The code is too long'))),
  /** The one-time code of the set-up link an administrator gave (needed to set up MFA). */
  enrolmentCode: z.optional(
    z.string().check(z.trim(), z.maxLength(200, 'The set-up code is too long')),
  ),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** A 401 answer of the login that starts MFA enrolment: the new secret, shown this once. */
export const totpEnrolmentAnswer = z.object({
  error: z.object({ code: z.literal('totp_enrolment_required'), message: z.string() }),
  enrolment: z.object({ secret: z.string(), uri: z.string() }),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentAnswer>['enrolment'];

const staffUser = z.object({ id: z.string(), email: z.string() });
const loginResponse = z.object({
  success: z.literal(true),
  user: staffUser,
  /** Set only by the sign-in that completed MFA enrolment: the recovery codes, shown once. */
  recoveryCodes: z.optional(z.array(z.string())),
});
export type LoginResponse = z.infer<typeof loginResponse>;

const meResponse = z.object({ authenticated: z.boolean(), user: z.nullable(staffUser) });
export type MeResponse = z.infer<typeof meResponse>;

export const forgotPasswordRequest = z.object({
  email: z.string().check(z.trim(), z.email('Invalid email address')),
});
export const MIN_STAFF_PASSWORD_LENGTH = 12;
export const resetPasswordRequest = z.object({
  token: text(200),
  password: z
    .string()
    .check(
      z.minLength(
        MIN_STAFF_PASSWORD_LENGTH,
        `Use at least ${MIN_STAFF_PASSWORD_LENGTH} characters`,
      ),
      z.maxLength(1024, 'Password is too long'),
    ),
});
export const okResponse = z.object({ success: z.literal(true), message: z.optional(z.string()) });

// ---- Practitioner and submission (docs/product.md#entities, #validation) ----
export const practitionerInput = z.object({
  firstName: text(100, 'First name is required'),
  lastName: text(100, 'Last name is required'),
  idNumber: z.optional(
    z.string().check(
      z.trim(),
      problemCheck((v) => (v === '' ? undefined : idNumberProblem(v))),
    ),
  ),
  email: z
    .string()
    .check(z.trim(), z.maxLength(254, 'Email is too long'), z.email('Enter a valid email address')),
  // Accepted as typed, kept in E.164 (+27821234567).
  phone: z.pipe(
    z.string().check(
      z.trim(),
      z.refine(
        (v) => toE164(v) !== undefined,
        'Enter a South African phone number, e.g. 082 123 4567',
      ),
    ),
    z.transform((v) => toE164(v) ?? v),
  ),
  specialization: text(120, 'Specialization is required'),
});
export type PractitionerInput = z.infer<typeof practitionerInput>;

export const contractPreferences = z.object({
  keep: z.boolean(),
  review: z.boolean(),
  cancel: z.boolean(),
  learnMore: z.boolean(),
});
export type ContractPreferences = z.infer<typeof contractPreferences>;

export const MAX_NOTES_LENGTH = 2000;
const keyList = z
  .array(z.string().check(z.maxLength(80)))
  .check(z.maxLength(100, 'Too many schemes selected'));
const notes = z.optional(
  z
    .string()
    .check(z.maxLength(MAX_NOTES_LENGTH, `Notes can be at most ${MAX_NOTES_LENGTH} characters`)),
);

// Spaces between the digits are dropped; kept as a string, so leading zeros stay.
export const practiceNumberField = z.pipe(
  z
    .string()
    .check(z.trim(), z.refine(isValidPracticeNumber, 'The PCNS practice number is 7 digits')),
  z.transform(normalisePracticeNumber),
);
// `MP 0123456` → `MP0123456`; another council's number as "AHPCSA A12345".
export const hpcsaNumberField = z.pipe(
  z.string().check(z.trim(), problemCheck(hpcsaNumberProblem)),
  z.transform(normaliseHpcsaNumber),
);

const establishedSubmissionInput = z.object({
  practiceType: z.literal('established'),
  practiceNumber: practiceNumberField,
  hpcsaNumber: hpcsaNumberField,
  selectedParents: keyList,
  selectedSchemes: keyList,
  contractPreferences,
  additionalNotes: notes,
});
const newSubmissionInput = z.object({
  practiceType: z.literal('new'),
  selectedParents: keyList,
  selectedSchemes: keyList,
  interestedInContracts: z.boolean(),
  additionalNotes: notes,
});
const submissionInput = z.discriminatedUnion('practiceType', [
  establishedSubmissionInput,
  newSubmissionInput,
]);

/** A document of the submit payload: the file's own fields plus its section
 * (docs/product.md#entities). */
export const documentInput = z.object({
  name: text(255, 'File name is required'),
  size: z.number().check(z.int(), z.nonnegative()),
  type: z.optional(z.string().check(z.maxLength(120))),
  url: z.string().check(z.minLength(1, 'Upload URL is required'), z.maxLength(2048)),
  uploadedAt: z.optional(isoDate),
  sectionKey: z.string().check(z.minLength(1), z.maxLength(80)),
  sectionLabel: z.string().check(z.maxLength(200)),
  /**
   * The date the section's validity rule needs (certified on, dated, valid until, renewed on;
   * issue 38). Optional: a client that sends none leaves the document undated.
   */
  validityDate: z.optional(validityDateSchema),
});
export type DocumentInput = z.infer<typeof documentInput>;

/** Built on the client when the consent box is ticked (docs/product.md#entities). */
export const consentInput = z.object({
  timestamp: z.string().check(z.maxLength(64)),
  termsVersion: z.string().check(z.maxLength(20)),
  userAgent: z.optional(z.string().check(z.maxLength(512))),
});

export const submitRequest = z.object({
  practitioner: practitionerInput,
  submission: submissionInput,
  documents: z.array(documentInput).check(z.maxLength(500, 'Too many documents')),
  popiaConsent: z.literal(true, 'Please accept the POPIA consent'),
  consent: z.optional(consentInput),
});
export type SubmitRequest = z.infer<typeof submitRequest>;

export const submitResponse = z.object({
  message: z.string(),
  trackingToken: z.string(),
  /**
   * The short reference (XXXX-XXXX, decision 089). Absent only from an Idempotency-Key answer
   * stored before references existed (such answers are kept 7 days).
   */
  reference: z.optional(z.string()),
});
export type SubmitResponse = z.infer<typeof submitResponse>;

export const submissionStatus = z.enum(['pending', 'under_review', 'approved', 'rejected']);
export type SubmissionStatus = z.infer<typeof submissionStatus>;
export const documentStatus = z.enum(['uploaded', 'approved', 'rejected']);
export type DocumentStatus = z.infer<typeof documentStatus>;
export const schemeStatus = z.enum(SCHEME_STATUSES);
export type SchemeStatus = z.infer<typeof schemeStatus>;
export const practiceType = z.enum(['established', 'new']);

// ---- Tracking view (docs/product.md#entities) ----
// The ID number is left out on purpose: the contact card does not show it, and a link
// with the token may be forwarded.
export const trackingResponse = z.object({
  practitioner: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    specialization: z.string(),
  }),
  submission: z.object({
    id: z.string(),
    status: submissionStatus,
    createdAt: isoDate,
    updatedAt: isoDate,
    trackingToken: z.string(),
    /** The short reference, XXXX-XXXX (decision 089): names the application, unlocks nothing. */
    reference: z.string(),
    practiceType,
    practiceNumber: z.nullable(z.string()),
    hpcsaNumber: z.nullable(z.string()),
    selectedParents: z.array(z.string()),
    selectedSchemes: z.array(z.string()),
    contractPreferences: z.nullable(contractPreferences),
    interestedInContracts: z.nullable(z.boolean()),
    additionalNotes: z.nullable(z.string()),
  }),
  documents: z.array(
    z.object({
      id: z.string(),
      fileName: z.string(),
      documentType: z.string(),
      sectionKey: z.string(),
      uploadedAt: isoDate,
      status: documentStatus,
      rejectionReason: z.nullable(z.string()),
      /** The rejected document this one replaces, when the practitioner sent it as a replacement. */
      replacesDocumentId: z.nullable(z.string()),
      /** The replacement sent for this (rejected) document; kept for the record, not for review. */
      supersededBy: z.nullable(z.string()),
      /** The last day the document is good under its section's rule (issue 38); null: undated. */
      goodUntil: z.optional(z.nullable(z.string())),
      /** The practitioner was asked to renew it: /track offers the replacement uploader. */
      renewalAsked: z.optional(z.boolean()),
    }),
  ),
  /** Rejected documents with no replacement yet: what the practitioner still has to send. */
  documentsToReplace: z.number(),
  /**
   * Current documents we asked the practitioner to renew (a reminder of issue 38 was mailed for
   * their good-until) with no replacement yet; beside documentsToReplace, never counted in it.
   */
  documentsToRenew: z.optional(z.number()),
  /** Each section's validity rule as staff keep it now (issue 38): the renewal's date label. */
  validityRules: z.optional(z.array(publicValidityRule)),
  medicalAidStatuses: z.array(
    z.object({
      id: z.string(),
      schemeKey: z.string(),
      medicalAidName: z.string(),
      status: schemeStatus,
      lastUpdated: isoDate,
      requiresHardCopy: z.boolean(),
      notes: z.nullable(z.string()),
      /** The scheme's provider number once approved (issue 40); absent from views kept before. */
      providerNumber: z.optional(z.nullable(z.string())),
    }),
  ),
  statusEvents: z.array(
    z.object({
      id: z.string(),
      eventType: z.string(),
      description: z.string(),
      createdAt: isoDate,
    }),
  ),
  /**
   * What staff asked the practitioner for (issue 27), newest first: open ones to answer on
   * /track, answered ones for the record. documentId: the document to send again.
   */
  requests: z.array(
    z.object({
      id: z.string(),
      schemeName: z.string(),
      request: z.string(),
      documentId: z.nullable(z.string()),
      requestedAt: isoDate,
      answeredAt: z.nullable(isoDate),
      answerNote: z.nullable(z.string()),
    }),
  ),
  /**
   * What each chosen scheme wants on paper, where staff have written it in the catalogue
   * (schema/posting-checklist.ts), in the schemes' order. Absent from views a device kept
   * before it was added.
   */
  postingChecklists: z.optional(
    z.array(z.object({ schemeName: z.string(), checklist: postingChecklist })),
  ),
});
export type TrackingResponse = z.infer<typeof trackingResponse>;

// ---- Lookup (docs/product.md#entities, #validation) ----
export const lookupRequest = z.object({
  identifier: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Please enter your identifier'),
      z.maxLength(13, 'The identifier is at most 13 characters'),
    ),
  identifierType: z.enum(['practice_number', 'id_number']),
});
export type LookupRequest = z.infer<typeof lookupRequest>;

export const lookupResponse = z.object({
  status: z.object({
    practiceType,
    applicationStatus: submissionStatus,
    submittedDate: isoDate,
    lastUpdated: isoDate,
  }),
  medicalAidStatuses: z.array(
    z.object({
      schemeName: z.string(),
      status: schemeStatus,
      requiresHardCopy: z.boolean(),
      notes: z.nullable(z.string()),
    }),
  ),
  timeline: z.array(z.object({ description: z.string(), timestamp: isoDate })),
  /** Beyond the rules: something waits on the practitioner (no details: those are mailed and
   * on the tracking page). */
  actionNeeded: z.boolean(),
});
export type LookupResponse = z.infer<typeof lookupResponse>;

// ---- Uploads ----
/** docs/product.md#api: the filename is the section key plus a timestamp, e.g.
 * "certified_id_1737280000000". */
export const objectUploadRequest = z.object({
  filename: z.string().check(z.trim(), z.minLength(1, 'filename is required'), z.maxLength(200)),
  /** The file's size and type, when the client declares them: an R2 upload URL signs both. */
  size: z.optional(
    z
      .number()
      .check(
        z.int('size must be a whole number of bytes'),
        z.minimum(1, 'The file is empty.'),
        z.maximum(104_857_600, 'The file is larger than the 100 MB limit.'),
      ),
  ),
  contentType: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
});
export const objectUploadResponse = z.object({ uploadURL: z.string() });
export type ObjectUploadResponse = z.infer<typeof objectUploadResponse>;

/**
 * The uploads of a draft still alive on its device (decision 066): each is kept for a while
 * longer, so the next sitting does not send it again. URLs as the upload gave them.
 */
export const keepUploadsRequest = z.object({
  uploads: z
    .array(z.string().check(z.minLength(1), z.maxLength(2000)))
    .check(z.minLength(1, 'Name at least one upload'), z.maxLength(500, 'Too many uploads')),
});
export const keepUploadsResponse = z.object({ kept: z.number(), keptUntil: z.string() });
export type KeepUploadsResponse = z.infer<typeof keepUploadsResponse>;
// Resumable uploads in parts (schema/upload-parts.ts, docs/decisions/063-resumable-uploads.md).
export const multipartStartRequest = z.object({
  filename: objectUploadRequest.shape.filename,
  size: z
    .number()
    .check(
      z.int('size must be a whole number of bytes'),
      z.minimum(1, 'The file is empty.'),
      z.maximum(104_857_600, 'The file is larger than the 100 MB limit.'),
    ),
  contentType: z
    .string()
    .check(z.trim(), z.minLength(1, 'contentType is required'), z.maxLength(100)),
});
export const multipartStartResponse = z.object({
  /** Names the upload in the other multipart calls. */
  uploadId: z.string(),
  partSize: z.number(),
  partCount: z.number(),
});
export type MultipartStartResponse = z.infer<typeof multipartStartResponse>;

const partNumber = z
  .number()
  .check(
    z.int('partNumber must be a whole number'),
    z.minimum(1, 'partNumber starts at 1'),
    z.maximum(10_000, 'There are at most 10000 parts'),
  );
export const multipartPartUrlsRequest = z.object({
  partNumbers: z
    .array(partNumber)
    .check(
      z.minLength(1, 'Name at least one part'),
      z.maxLength(100, 'Ask for at most 100 parts at a time'),
    ),
});
export const multipartPartUrlsResponse = z.object({
  parts: z.array(z.object({ partNumber: z.number(), size: z.number(), url: z.string() })),
});
export type MultipartPartUrlsResponse = z.infer<typeof multipartPartUrlsResponse>;

const etag = z.string().check(z.minLength(1, 'etag is required'), z.maxLength(200));
export const multipartPartsResponse = z.object({
  parts: z.array(z.object({ partNumber: z.number(), size: z.number(), etag: z.string() })),
});
export type MultipartPartsResponse = z.infer<typeof multipartPartsResponse>;

export const multipartCompleteRequest = z.object({
  parts: z
    .array(z.object({ partNumber, etag }))
    .check(z.minLength(1, 'Name the parts sent'), z.maxLength(10_000)),
});
export const multipartCompleteResponse = z.object({
  /** Where the object lives: the `url` a submission's document names, as after a single PUT. */
  url: z.string(),
  size: z.number(),
});
export type MultipartCompleteResponse = z.infer<typeof multipartCompleteResponse>;

export const presignedUrlRequest = z.object({
  fileType: z.literal('application/pdf', 'Only PDF files are allowed'),
  /** The PDF's size in bytes: an R2 upload URL signs it, so the URL takes exactly that file. */
  fileSize: z.optional(z.number().check(z.int(), z.positive())),
});
export const presignedUrlResponse = z.object({ uploadUrl: z.string(), storagePath: z.string() });

// ---- Schemes and registration forms ----
const schemeListEntry = z.object({
  parentKey: z.string(),
  parentLabel: z.string(),
  administered: z.array(z.object({ key: z.string(), label: z.string() })),
});
export const schemesResponse = z.array(schemeListEntry);
export type SchemeListEntry = z.infer<typeof schemeListEntry>;

export const publicRegistrationForm = z.object({
  id: z.string(),
  schemeKey: z.string(),
  fileName: z.string(),
  description: z.nullable(z.string()),
});
export type PublicRegistrationForm = z.infer<typeof publicRegistrationForm>;

const staffRegistrationForm = z.object({
  id: z.string(),
  schemeKey: z.string(),
  schemeName: z.string(),
  fileName: z.string(),
  fileSize: z.number(),
  fileType: z.string(),
  storagePath: z.string(),
  description: z.nullable(z.string()),
  year: z.nullable(z.number()),
  createdAt: isoDate,
  /** When staff last saved how the form is filled from the profile (decision 092); null: not yet. */
  mappingConfirmedAt: z.nullable(isoDate),
});
export type StaffRegistrationForm = z.infer<typeof staffRegistrationForm>;

export const registrationFormCreationRequest = z.object({
  schemeKey: z.string().check(z.minLength(1, 'schemeKey is required'), z.maxLength(80)),
  schemeName: text(200),
  fileName: text(255),
  fileSize: z.number().check(z.int(), z.positive()),
  fileType: z.literal('application/pdf', 'Only PDF files are allowed'),
  storagePath: z.string().check(z.minLength(1), z.maxLength(300)),
  description: z.nullable(z.string().check(z.maxLength(300))),
  year: z.nullable(
    z.number().check(z.int('Year must be a whole number'), z.gte(1900), z.lte(2200)),
  ),
});

export const downloadResponse = z.object({ downloadUrl: z.string() });

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
