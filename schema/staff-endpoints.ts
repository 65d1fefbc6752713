// Every API call of the staff dashboard, declared once (schema/endpoint.ts). Kept apart from
// public-endpoints.ts so no staff path reaches the practitioner's first load.
import type { z } from 'zod/mini';
import type { ApiKeyCreated, ApiKeyList, apiKeyCreate } from './api-keys-api.ts';
import type {
  StaffCatalogue,
  schemeCreationRequest,
  schemeUpdateRequest,
} from './catalogue-api.ts';
import type { DeskSettings, DeskSettingsRequest } from './desk-settings-api.ts';
import type {
  ExpiringDocuments,
  remindNowRequest,
  StaffValidityView,
  validityDateCorrection,
  validityRuleUpdate,
  validitySettingsUpdate,
} from './document-validity-api.ts';
import { endpoint, type Success } from './endpoint.ts';
import type {
  BulkEnrolmentChangeRequest,
  EnrolmentTimes,
  practitionerRequestCreate,
  WorkQueue,
  workQueueQuery,
} from './enrolment-api.ts';
import type { FormMappingView, formMappingRequest } from './form-mapping-api.ts';
import type {
  PracticeDeletionRequest,
  PracticeDeletionResult,
  StaffPracticeDetail,
  StaffPracticeList,
  SubmissionPractice,
} from './practice-admin-api.ts';
import type {
  registrationFormCreationRequest,
  StaffRegistrationForm,
} from './registration-form-api.ts';
import type {
  AccountCheckRequest,
  LapsedAttestation,
  OpenSigningStop,
  ResumeSigningRequest,
  StaffSignedSchemeForms,
} from './scheme-forms-api.ts';
import type {
  SecurityLogEntry,
  securityLogExportQuery,
  securityLogQuery,
} from './security-log-api.ts';
import type {
  forgotPasswordRequest,
  LoginRequest,
  LoginResponse,
  resetPasswordRequest,
} from './session-api.ts';
import type {
  AdminStats,
  AdminSubmissionListItem,
  adminSubmissionsQuery,
  PractitionerExport,
  StaffSubmissionDetail,
  updateDocumentStatusRequest,
  updateSchemeStatusRequest,
  updateSubmissionStatusRequest,
} from './staff-review-api.ts';
import type { IssuedSetUpLink, StaffSetUpStatus } from './staff-setup-api.ts';
import type { presignedUrlRequest, presignedUrlResponse } from './upload-api.ts';
import type {
  WebhookDeliveryList,
  WebhookDeliveryView,
  WebhookEndpointCreated,
  WebhookEndpointList,
  WebhookEndpointView,
  webhookDeliveriesQuery,
  webhookEndpointCreate,
} from './webhooks-api.ts';

// ---- Staff session ----
export const login = endpoint<LoginResponse, LoginRequest>()('POST', '/api/auth/login');
export const forgotPassword = endpoint<Success, z.input<typeof forgotPasswordRequest>>()(
  'POST',
  '/api/auth/forgot-password',
);
export const resetPassword = endpoint<Success, z.input<typeof resetPasswordRequest>>()(
  'POST',
  '/api/auth/reset-password',
);

// ---- Staff dashboard and review ----
export const stats = endpoint<AdminStats>()('GET', '/api/admin/stats');
/** The body is one page; X-Total-Count and X-Next-Cursor carry the total and the next cursor. */
export const submissionList = endpoint<
  AdminSubmissionListItem[],
  never,
  z.input<typeof adminSubmissionsQuery>
>()('GET', '/api/admin/submissions');
export const submissionDetail = endpoint<StaffSubmissionDetail>()(
  'GET',
  '/api/admin/submissions/:id',
);
export const submissionStatusChange = endpoint<
  StaffSubmissionDetail,
  z.input<typeof updateSubmissionStatusRequest>
>()('PATCH', '/api/admin/submissions/:id');
export const schemeStatusChange = endpoint<
  StaffSubmissionDetail,
  z.input<typeof updateSchemeStatusRequest>
>()('PATCH', '/api/admin/submissions/:id/schemes/:statusId');
export const submissionDeletion = endpoint<Success>()('DELETE', '/api/admin/submissions/:id');
export const documentReview = endpoint<
  StaffSubmissionDetail,
  z.input<typeof updateDocumentStatusRequest>
>()('PATCH', '/api/admin/documents/:id');
/** Everything held about one practitioner (POPIA access request), audited. */
export const practitionerDataExport = endpoint<PractitionerExport>()(
  'GET',
  '/api/admin/practitioners/:id/export',
);
export const documentDownload = endpoint<{ downloadUrl: string }>()(
  'GET',
  '/api/admin/documents/:id/download',
);
/**
 * The scheme forms the practitioner filled and signed, each with a fresh download link (logged)
 * once staff checked the bank details it carries, and those bank details (logged).
 */
export const signedSchemeFormList = endpoint<StaffSignedSchemeForms>()(
  'GET',
  '/api/admin/submissions/:id/signed-forms',
);
/** Staff record that the account number and holder match the bank letter reviewed. */
export const accountCheck = endpoint<StaffSignedSchemeForms, AccountCheckRequest>()(
  'POST',
  '/api/admin/submissions/:id/account-check',
);
/** Staff who spoke to the practitioner resume signing stopped by "This was not me" (issue 35). */
export const signingResume = endpoint<StaffSignedSchemeForms, ResumeSigningRequest>()(
  'POST',
  '/api/admin/submissions/:id/signing-resume',
);
/** Every application whose practitioner stopped signing, for the enrolment desk to call. */
export const signingStopList = endpoint<OpenSigningStop[]>()('GET', '/api/admin/signing-stops');
/** The desk's settings (how often practitioners re-attest their profile), and their change. */
export const deskSettingsRead = endpoint<DeskSettings>()('GET', '/api/admin/desk-settings');
export const deskSettingsSave = endpoint<DeskSettings, DeskSettingsRequest>()(
  'PATCH',
  '/api/admin/desk-settings',
);
/** Applications whose practitioner let the profile's confirmation lapse (issue 38). */
export const lapsedAttestationList = endpoint<LapsedAttestation[]>()(
  'GET',
  '/api/admin/attestations/lapsed',
);
export const staffRegistrationForms = endpoint<StaffRegistrationForm[]>()(
  'GET',
  '/api/admin/medical-aid-documents',
);
export const registrationFormCreation = endpoint<
  StaffRegistrationForm,
  z.input<typeof registrationFormCreationRequest>
>()('POST', '/api/admin/medical-aid-documents');
export const registrationFormDeletion = endpoint<Success>()(
  'DELETE',
  '/api/admin/medical-aid-documents/:id',
);
/** The form's own fields and how they are filled from the profile (proposed until confirmed). */
export const registrationFormMappingRead = endpoint<FormMappingView>()(
  'GET',
  '/api/admin/medical-aid-documents/:id/mapping',
);
export const registrationFormMappingConfirm = endpoint<
  FormMappingView,
  z.input<typeof formMappingRequest>
>()('POST', '/api/admin/medical-aid-documents/:id/mapping');
/** The form's PDF itself (application/pdf), for the mapping screen's page renderer. */
export const registrationFormFile = endpoint<Blob>()(
  'GET',
  '/api/admin/medical-aid-documents/:id/file',
);
export const registrationFormUpload = endpoint<
  z.infer<typeof presignedUrlResponse>,
  z.input<typeof presignedUrlRequest>
>()('POST', '/api/upload/presigned-url');

// ---- Scheme catalogue (docs/decisions/072-staff-managed-catalogue.md) ----
export const staffCatalogueRead = endpoint<StaffCatalogue>()('GET', '/api/admin/catalogue');
/** Answers 201 with the whole catalogue as it now is; 409 when the name's key is taken. */
export const catalogueSchemeCreation = endpoint<
  StaffCatalogue,
  z.input<typeof schemeCreationRequest>
>()('POST', '/api/admin/catalogue/schemes');
/** Answers the whole catalogue as it now is; 404 unknown scheme, 400 a change that cannot be. */
export const catalogueSchemeChange = endpoint<
  StaffCatalogue,
  z.input<typeof schemeUpdateRequest>
>()('PATCH', '/api/admin/catalogue/schemes/:key');
/** Records that staff checked the whole list today (the "as of" practitioners see). */
export const catalogueReview = endpoint<StaffCatalogue>()('POST', '/api/admin/catalogue/review');

// ---- Documents that expire (issue 38, decision 118) ----
export const validityRulesRead = endpoint<StaffValidityView>()(
  'GET',
  '/api/admin/document-validity',
);
/** Sets a section's rule and re-dates its documents; answers the whole view as it now is. */
export const validityRuleChange = endpoint<StaffValidityView, z.input<typeof validityRuleUpdate>>()(
  'PATCH',
  '/api/admin/document-validity/rules/:sectionKey',
);
export const validitySettingsChange = endpoint<
  StaffValidityView,
  z.input<typeof validitySettingsUpdate>
>()('PATCH', '/api/admin/document-validity/settings');
/** Documents overdue (up to 90 days) or good for 30 days at most, nearest first (100). */
export const expiringDocumentsRead = endpoint<ExpiringDocuments>()(
  'GET',
  '/api/admin/document-validity/expiring',
);
/** "Remind now": one mail per document and day; answers how many were new. */
export const remindNow = endpoint<{ reminded: number }, z.input<typeof remindNowRequest>>()(
  'POST',
  '/api/admin/document-validity/reminders',
);
/** Staff correct the date a document carries; 409 for a section without a rule. */
export const validityDateChange = endpoint<
  { validityDate: string; goodUntil: string | null },
  z.input<typeof validityDateCorrection>
>()('PATCH', '/api/admin/documents/:id/validity-date');

// ---- Two-step sign-in set-up links (worker/services/staff-accounts/staff-enrolment.ts, decision 096) ----
/** Every staff account: set up or not, and an unused set-up link's expiry. */
export const staffSetUpList = endpoint<StaffSetUpStatus[]>()('GET', '/api/admin/staff-accounts');
/**
 * A new one-time set-up link for an account without two-step sign-in (it replaces the last);
 * the link is in this answer only. 404 unknown account, 409 set up already or disabled.
 */
export const staffSetUpLinkIssue = endpoint<IssuedSetUpLink>()(
  'POST',
  '/api/admin/staff-accounts/:id/set-up-link',
);

// ---- Security log (worker/services/security-log/security-log.ts) ----
/** Newest first; X-Next-Cursor carries the next page's cursor. */
export const securityLogRead = endpoint<
  SecurityLogEntry[],
  never,
  z.input<typeof securityLogQuery>
>()('GET', '/api/admin/security-log');
/** The whole log as a CSV or JSON file (format=csv|json), oldest first; the export is logged. */
export const securityLogExport = endpoint<
  SecurityLogEntry[],
  never,
  z.input<typeof securityLogExportQuery>
>()('GET', '/api/admin/security-log/export');

// The enrolment desk (decision 088).
export const workQueueRead = endpoint<WorkQueue, never, z.input<typeof workQueueQuery>>()(
  'GET',
  '/api/admin/enrolments',
);
export const bulkEnrolmentChange = endpoint<{ changed: number }, BulkEnrolmentChangeRequest>()(
  'POST',
  '/api/admin/enrolments/bulk',
);
export const enrolmentTimesRead = endpoint<EnrolmentTimes>()('GET', '/api/admin/enrolments/times');
/**
 * Puts one enrolment on 'waiting on the practitioner' with a request (issue 27): mailed to the
 * practitioner, shown on /track, reminded after 3 and 7 days. 404 unknown enrolment or
 * document, 409 a request is already open for it.
 */
export const practitionerRequestSend = endpoint<
  { requestId: string },
  z.input<typeof practitionerRequestCreate>
>()('POST', '/api/admin/enrolments/:statusId/request');

// Practices that onboarded together, for staff (issue 39, decision 127).
export const staffPractices = endpoint<StaffPracticeList>()('GET', '/api/admin/practices');
export const staffPractice = endpoint<StaffPracticeDetail>()('GET', '/api/admin/practices/:id');
/** Deletes the practice's own part; each submission kept or deleted as the request says. */
export const practiceDeletion = endpoint<PracticeDeletionResult, PracticeDeletionRequest>()(
  'POST',
  '/api/admin/practices/:id/deletion',
);
/** A fresh signed link to one of a practice's shared documents (decision 131), logged. */
export const practiceDocumentDownload = endpoint<{ downloadUrl: string }>()(
  'GET',
  '/api/admin/practice-documents/:id/download',
);
/** The practice a submission came through, for the marker on its review page (null: none). */
export const submissionPractice = endpoint<SubmissionPractice>()(
  'GET',
  '/api/admin/submissions/:id/practice',
);

// Keys for machines (issue 40): listed, created (the key shown once) and revoked by staff.
export const apiKeysRead = endpoint<ApiKeyList>()('GET', '/api/admin/api-keys');
export const apiKeyCreation = endpoint<ApiKeyCreated, z.input<typeof apiKeyCreate>>()(
  'POST',
  '/api/admin/api-keys',
);
export const apiKeyRevocation = endpoint<Success>()('DELETE', '/api/admin/api-keys/:keyId');

// Webhooks to the billing system (issue 40, decision 122): endpoints kept by staff (the secret
// shown once, on creation and rotation) and the delivery log with its replay.
export const webhookEndpointsRead = endpoint<WebhookEndpointList>()(
  'GET',
  '/api/admin/webhooks/endpoints',
);
export const webhookEndpointCreation = endpoint<
  WebhookEndpointCreated,
  z.input<typeof webhookEndpointCreate>
>()('POST', '/api/admin/webhooks/endpoints');
export const webhookEndpointRevocation = endpoint<Success>()(
  'DELETE',
  '/api/admin/webhooks/endpoints/:endpointId',
);
export const webhookSecretRotation = endpoint<WebhookEndpointCreated>()(
  'POST',
  '/api/admin/webhooks/endpoints/:endpointId/secret',
);
export const webhookEndpointResumption = endpoint<WebhookEndpointView>()(
  'POST',
  '/api/admin/webhooks/endpoints/:endpointId/resume',
);
export const webhookDeliveriesRead = endpoint<
  WebhookDeliveryList,
  never,
  z.input<typeof webhookDeliveriesQuery>
>()('GET', '/api/admin/webhooks/deliveries');
export const webhookReplay = endpoint<WebhookDeliveryView>()(
  'POST',
  '/api/admin/webhooks/deliveries/:deliveryId/replay',
);
