// Every API call a practitioner's page or the shell makes, declared once (schema/endpoint.ts).
// The web app's client (web/lib/api-client.ts) calls these and the worker's routes serve them.
import type { z } from 'zod/mini';
import type { PublicConfig } from './api-basics.ts';
import type { PublicCatalogue } from './catalogue-api.ts';
import { endpoint, type Success } from './endpoint.ts';
import type {
  addressConfirmationRequest,
  documentReplacementRequest,
  requestAnswerRequest,
  trackingLinksRequest,
} from './notify-api.ts';
import type {
  InvitationRequest,
  InvitationSubmitRequest,
  InvitationView,
  PracticeCreated,
  PracticeRequest,
  PracticeTracking,
} from './practice-api.ts';
import type { practitionerProfile } from './practitioner-profile.ts';
import type { PublicRegistrationForm, SchemeListEntry } from './registration-form-api.ts';
import type { MeResponse } from './session-api.ts';
import type { SubmitRequest, SubmitResponse } from './submission-api.ts';
import type { LookupRequest, LookupResponse, TrackingResponse } from './tracking-api.ts';
import type {
  KeepUploadsResponse,
  keepUploadsRequest,
  MultipartCompleteResponse,
  MultipartPartsResponse,
  MultipartPartUrlsResponse,
  MultipartStartResponse,
  multipartCompleteRequest,
  multipartPartUrlsRequest,
  multipartStartRequest,
  ObjectUploadResponse,
  objectUploadRequest,
} from './upload-api.ts';

/**
 * ok is false while the database lacks migrations the code expects (writes are refused then);
 * mail says whether a transport is configured (without one, mail waits in the outbox).
 */
export type HealthStatus = {
  ok: boolean;
  mail: 'configured' | 'not_configured';
  schema: { expected: string; applied: string | null; current: boolean };
};
export const health = endpoint<HealthStatus>()('GET', '/api/health');
export const config = endpoint<PublicConfig>()('GET', '/api/config');
export const schemes = endpoint<SchemeListEntry[]>()('GET', '/api/schemes');
export const registrationForms = endpoint<PublicRegistrationForm[]>()(
  'GET',
  '/api/medical-aid-documents',
);
export const registrationFormDownload = endpoint<{ downloadUrl: string }>()(
  'GET',
  '/api/medical-aid-documents/:id/download',
);
export const uploadTicket = endpoint<ObjectUploadResponse, z.input<typeof objectUploadRequest>>()(
  'POST',
  '/api/objects/upload',
);
/** Keeps the uploads of a draft alive on its device for DRAFT_KEEP_DAYS more (decision 066). */
export const keepUploads = endpoint<KeepUploadsResponse, z.input<typeof keepUploadsRequest>>()(
  'POST',
  '/api/objects/keep',
);
/**
 * Resumable uploads in parts (docs/decisions/063-resumable-uploads.md): start one, get signed
 * URLs for its parts, list the parts the store holds, complete it (the object then lives under
 * the same kind of key a single PUT makes) or abort it. 404 for an unknown or expired upload.
 */
export const multipartStart = endpoint<
  MultipartStartResponse,
  z.input<typeof multipartStartRequest>
>()('POST', '/api/objects/multipart');
export const multipartPartUrls = endpoint<
  MultipartPartUrlsResponse,
  z.input<typeof multipartPartUrlsRequest>
>()('POST', '/api/objects/multipart/:uploadId/part-urls');
export const multipartParts = endpoint<MultipartPartsResponse>()(
  'GET',
  '/api/objects/multipart/:uploadId/parts',
);
export const multipartComplete = endpoint<
  MultipartCompleteResponse,
  z.input<typeof multipartCompleteRequest>
>()('POST', '/api/objects/multipart/:uploadId/complete');
export const multipartAbort = endpoint<Success>()('DELETE', '/api/objects/multipart/:uploadId');
export const submit = endpoint<SubmitResponse, SubmitRequest>()('POST', '/api/submissions');
export const tracking = endpoint<TrackingResponse>()('GET', '/api/submissions/:token');
// A practice that onboards together (decision 120): the manager's calls carry the practice's
// link secret, the practitioner's the invitation's.
export const practiceCreation = endpoint<PracticeCreated, PracticeRequest>()(
  'POST',
  '/api/practices',
);
export const practiceTracking = endpoint<PracticeTracking>()('GET', '/api/practices/:token');
export const practiceInvitation = endpoint<{ invitationId: string }, InvitationRequest>()(
  'POST',
  '/api/practices/:token/invitations',
);
export const practiceInvitationResend = endpoint<Success>()(
  'POST',
  '/api/practices/:token/invitations/:invitationId/resend',
);
export const practiceInvitationWithdrawal = endpoint<Success>()(
  'DELETE',
  '/api/practices/:token/invitations/:invitationId',
);
export const invitation = endpoint<InvitationView>()('GET', '/api/practice-invitations/:token');
export const invitationSubmit = endpoint<SubmitResponse, InvitationSubmitRequest>()(
  'POST',
  '/api/practice-invitations/:token/submission',
);
export const lookup = endpoint<LookupResponse, LookupRequest>()('POST', '/api/lookup');

/**
 * Replaces a rejected document of the submission the token names; answers 201 with the
 * tracking view as it now is. 404 unknown token or document, 409 not rejected or already
 * replaced or the upload is unusable, 400 bad input or a file the section does not accept.
 */
export const documentReplacement = endpoint<
  TrackingResponse,
  z.input<typeof documentReplacementRequest>
>()('POST', '/api/submissions/:token/documents/:documentId/replacement');
/**
 * Keeps the practitioner profile scheme forms are filled from (decision 092), sealed; answers
 * only its version, never its contents. 404 unknown token, 400 a profile with problems.
 */
export const practitionerProfileSave = endpoint<
  { version: number; updatedAt: string },
  z.input<typeof practitionerProfile>
>()('POST', '/api/submissions/:token/profile');
/**
 * Confirms the application's e-mail address with the code from its receipt's link (decision
 * 100); answers the same again for a confirmed one. 404 unknown token or a wrong code.
 */
export const addressConfirmation = endpoint<Success, z.input<typeof addressConfirmationRequest>>()(
  'POST',
  '/api/submissions/:token/address-confirmation',
);
/**
 * Answers a request staff made (issue 27) with a note; answers 201 with the tracking view as
 * it now is. 404 unknown token or request, 409 already answered, 400 an empty or long note.
 */
export const requestAnswer = endpoint<TrackingResponse, z.input<typeof requestAnswerRequest>>()(
  'POST',
  '/api/submissions/:token/requests/:requestId/answer',
);
/** Mails the tracking links of every application made with the address; the same answer always. */
export const trackingLinks = endpoint<Success, z.input<typeof trackingLinksRequest>>()(
  'POST',
  '/api/tracking-links',
);

// The session check and logout run from the shell's header on every page.
export const me = endpoint<MeResponse>()('GET', '/api/auth/me');
export const logout = endpoint<Success>()('POST', '/api/auth/logout');

/** The live scheme catalogue for the wizard: active schemes and when it was last reviewed. */
export const catalogue = endpoint<PublicCatalogue>()('GET', '/api/catalogue');

/** The OpenAPI 3.1 description of the public and machine APIs (issue 40), made from the contracts. */
export const openApi = endpoint<Record<string, unknown>>()('GET', '/api/openapi.json');
