// Every API call once: its method, its path and the types of what goes in and comes out.
// The web app's client (web/lib/api-client.ts) calls these and the worker's routes serve
// them, so a path or a response shape cannot drift between the two. The types are phantom
// (from the zod contracts in api.ts, erased at build time): each endpoint costs the browser
// only its method and path. docs/decisions/012-typed-endpoints.md says why not `hc<AppType>`.
import type { z } from 'zod/mini';
import type {
  AdminStats,
  AdminSubmissionListItem,
  adminSubmissionsQuery,
  forgotPasswordRequest,
  LoginRequest,
  LoginResponse,
  LookupRequest,
  LookupResponse,
  MeResponse,
  ObjectUploadResponse,
  objectUploadRequest,
  okResponse,
  PublicConfig,
  PublicRegistrationForm,
  presignedUrlRequest,
  presignedUrlResponse,
  registrationFormCreationRequest,
  resetPasswordRequest,
  SchemeListEntry,
  StaffRegistrationForm,
  StaffSubmissionDetail,
  SubmitRequest,
  SubmitResponse,
  TrackingResponse,
  updateDocumentStatusRequest,
  updateSchemeStatusRequest,
  updateSubmissionStatusRequest,
} from './api.ts';
import type { documentReplacementRequest, trackingLinksRequest } from './notify-api.ts';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export type Endpoint<
  M extends Method = Method,
  P extends string = string,
  Body = unknown,
  Response = unknown,
  Query = unknown,
> = {
  readonly method: M;
  readonly path: P;
  /** Type-level only; never present at run time. */
  readonly _types?: { body: Body; response: Response; query: Query };
};

/** `/api/x/:id/y/:other` → `{ id: string; other: string }`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

export type BodyOf<E> = E extends Endpoint<Method, string, infer B> ? B : never;
export type ResponseOf<E> = E extends Endpoint<Method, string, unknown, infer R> ? R : never;
export type QueryOf<E> = E extends Endpoint<Method, string, unknown, unknown, infer Q> ? Q : never;

/** Declares an endpoint: `endpoint<Response, Body, Query>()('GET', '/api/…')`. */
function endpoint<Response, Body = never, Query = never>() {
  return <M extends Method, P extends `/api/${string}`>(
    method: M,
    path: P,
  ): Endpoint<M, P, Body, Response, Query> => ({ method, path });
}

type Success = z.infer<typeof okResponse>;

// ---- Public ----
export const health = endpoint<{ ok: true }>()('GET', '/api/health');
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
export const submit = endpoint<SubmitResponse, SubmitRequest>()('POST', '/api/submissions');
export const tracking = endpoint<TrackingResponse>()('GET', '/api/submissions/:token');
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
/** Mails the tracking links of every application made with the address; the same answer always. */
export const trackingLinks = endpoint<Success, z.input<typeof trackingLinksRequest>>()(
  'POST',
  '/api/tracking-links',
);

// ---- Staff session ----
export const login = endpoint<LoginResponse, LoginRequest>()('POST', '/api/auth/login');
export const logout = endpoint<Success>()('POST', '/api/auth/logout');
export const me = endpoint<MeResponse>()('GET', '/api/auth/me');
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
export const documentDownload = endpoint<{ downloadUrl: string }>()(
  'GET',
  '/api/admin/documents/:id/download',
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
export const registrationFormUpload = endpoint<
  z.infer<typeof presignedUrlResponse>,
  z.input<typeof presignedUrlRequest>
>()('POST', '/api/upload/presigned-url');
