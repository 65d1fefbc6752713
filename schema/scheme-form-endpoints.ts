// The scheme-form calls of the tracking token (decision 092), declared once (schema/endpoint.ts).
// Kept apart from public-endpoints.ts because only the lazily loaded scheme-forms page calls
// them: a bundler keeps a module whole in one chunk, and the first load of / and /track must
// not grow. The endpoint tests read this list beside the public and staff ones.
import type { z } from 'zod/mini';
import { endpoint } from './endpoint.ts';
import type { practitionerProfile } from './practitioner-profile.ts';
import type {
  ProfileAttestation,
  ProfileProofSent,
  SchemeFormsView,
  schemeFormsSignRequest,
  signingStopRequest,
} from './scheme-forms-api.ts';

/**
 * The registration forms of the application's schemes that staff made fillable, the profile
 * version the server holds and the forms already signed (names and hashes, never contents).
 */
export const schemeForms = endpoint<SchemeFormsView>()(
  'GET',
  '/api/submissions/:token/scheme-forms',
);
/**
 * One form filled from the profile the phone sends (not stored: the profile stays write-only),
 * answered as the PDF itself for the practitioner to check before signing. 404 unknown token
 * or a form not of the application's schemes, 400 a profile with problems.
 */
export const schemeFormPreview = endpoint<Blob, z.input<typeof practitionerProfile>>()(
  'POST',
  '/api/submissions/:token/scheme-forms/:formId/preview',
);
/**
 * Fills every chosen form from the stored profile, stamps the one signature in, and keeps the
 * signed PDFs as documents of the application; each signing goes into the security log.
 * 409 when the stored profile is not the version previewed or a form is no longer offered;
 * 403 without a fresh one-time code in the Proof-Code header (decision 108).
 */
export const schemeFormsSign = endpoint<SchemeFormsView, z.input<typeof schemeFormsSignRequest>>()(
  'POST',
  '/api/submissions/:token/scheme-forms/sign',
);
/**
 * Mails a one-time code to the application's confirmed address (decision 108), asked for in
 * the Proof-Code header before bank details are changed or forms signed. 409 while the address
 * is not confirmed, 429 after five codes in an hour.
 */
export const profileProof = endpoint<ProfileProofSent>()(
  'POST',
  '/api/submissions/:token/proof-code',
);
/**
 * "This was not me" (issue 35): the code from a change or signing mail's link stops signing and
 * new bank details for the application until staff have spoken to the practitioner. 404 for a
 * code that is not the application's or has expired; pressing it again changes nothing.
 */
export const signingStop = endpoint<{ message: string }, z.input<typeof signingStopRequest>>()(
  'POST',
  '/api/submissions/:token/signing-stop',
);
/**
 * The practitioner confirms that the profile is still true (issue 38, asked every so many
 * days), with a fresh code in the Proof-Code header; 409 before any profile is sent.
 */
export const profileAttestationConfirm = endpoint<ProfileAttestation>()(
  'POST',
  '/api/submissions/:token/profile-attestation',
);
