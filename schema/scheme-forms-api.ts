// The contracts of filling each chosen scheme's registration form from the practitioner profile
// and signing them once on the phone (decision 092, docs/product.md#scheme-forms).
import { z } from 'zod/mini';
import type { ProfileFieldChange } from './profile-diff.ts';
import type { ProfileFieldKey } from './profile-fields.ts';

/** A signature drawn (or a typed name drawn) on a 600 × 200 canvas, as a PNG data URL or bare base64; within the API's 64 KB body cap. */
export const SIGNATURE_MAX_CHARS = 60_000;
const PNG_DATA_URL = /^(data:image\/png;base64,)?[A-Za-z0-9+/]+={0,2}$/;

export const schemeFormsSignRequest = z.object({
  /** The profile version the practitioner checked in the preview: a newer one must be previewed. */
  profileVersion: z.number().check(z.int(), z.positive()),
  /** The forms the practitioner previewed; each must still be one of the application's. */
  formIds: z
    .array(z.string().check(z.minLength(1), z.maxLength(64)))
    .check(z.minLength(1, 'Choose at least one form to sign'), z.maxLength(100)),
  signaturePng: z
    .string()
    .check(
      z.minLength(100, 'Draw or type your signature first'),
      z.maxLength(SIGNATURE_MAX_CHARS, 'The signature image is too large: clear it and sign again'),
      z.regex(PNG_DATA_URL, 'The signature must be a PNG image'),
    ),
});
export type SchemeFormsSignRequest = z.infer<typeof schemeFormsSignRequest>;

/** A form of one of the application's schemes that staff made fillable. */
export type SchemeFormToFill = {
  formId: string;
  schemeKey: string;
  schemeName: string;
  fileName: string;
  /** The profile fields the form is filled with, in the form's order (for the preview's list). */
  profileFields: ProfileFieldKey[];
  /** Whether the form has a place for the signature. */
  signed: boolean;
};

/** A filled, signed form kept with the application. */
export type SignedSchemeForm = {
  id: string;
  schemeName: string;
  fileName: string;
  fileSize: number;
  sha256: string;
  profileVersion: number;
  signedAt: string;
};

export type SchemeFormsView = {
  /** The version of the profile the server holds; null until one is sent. */
  profileVersion: number | null;
  forms: SchemeFormToFill[];
  signedForms: SignedSchemeForm[];
  /** Signing stopped by the practitioner's "This was not me" until staff resume it (issue 35). */
  stopped: boolean;
  /** The profile's last confirmation; null until a profile is sent. */
  attestation: ProfileAttestation | null;
};

/** When the practitioner last said their profile is true, and when they are asked again (issue 38). */
export type ProfileAttestation = {
  lastConfirmedAt: string;
  /** YYYY-MM-DD, South African time. */
  dueOn: string;
  due: boolean;
};

/** An application whose practitioner let the confirmation lapse, as the desk lists it. */
export type LapsedAttestation = {
  submissionId: string;
  practitionerName: string;
  lastConfirmedAt: string;
  dueOn: string;
  /** When they were mailed to confirm; null if not yet. */
  askedAt: string | null;
};

/**
 * What staff see of a signed form: a short-lived download link once a staff member has checked
 * the bank details it was filled with (decision 107); null until then.
 */
export type StaffSignedSchemeForm = SignedSchemeForm & { downloadUrl: string | null };

/** The bank details of the profile now held, as staff check them against the bank letter. */
export type StaffAccountCheck = {
  profileVersion: number;
  accountHolder: string;
  bankName: string;
  branchCode: string;
  accountNumber: string;
  accountType: string;
  /** When and by whom these bank details were checked; null until they are. */
  checked: { at: string; by: string | null } | null;
};

/** What a "This was not me" mail's link told of (issue 35). */
export type SigningStopEvent = 'profile_changed' | 'forms_signed';

/** An application whose practitioner stopped signing, as the desk and the review page list it. */
export type OpenSigningStop = {
  submissionId: string;
  practitionerName: string;
  reason: string;
  /** What the practitioner wrote when they pressed it, if anything. */
  note: string | null;
  stoppedAt: string;
};

/** One saved change of the profile, field by field, whole (staff compare it with the bank letter). */
export type ProfileChangeEntry = {
  version: number;
  changedAt: string;
  changes: ProfileFieldChange[];
};

export type StaffSignedSchemeForms = {
  forms: StaffSignedSchemeForm[];
  /** Null while the profile holds no bank details. */
  account: StaffAccountCheck | null;
  /** The practitioner's stop in force; while it is, no signed form can be downloaded. */
  stop: OpenSigningStop | null;
  /** The profile's saved changes, newest first. */
  changes: ProfileChangeEntry[];
  /** The profile's last confirmation by the practitioner; null without a profile. */
  attestation: ProfileAttestation | null;
};

/** The practitioner presses "This was not me": the code from the mail's link, and a word if they like. */
export const signingStopRequest = z.object({
  code: z
    .string()
    .check(
      z.regex(
        /^[A-Za-z0-9_-]{20,100}$/,
        'This link is not complete: open it from the e-mail again',
      ),
    ),
  note: z.optional(
    z.string().check(z.trim(), z.maxLength(500, 'Please keep it under 500 characters')),
  ),
});
export type SigningStopRequest = z.infer<typeof signingStopRequest>;

/** Staff resume signing after speaking to the practitioner, saying what they did. */
export const resumeSigningRequest = z.object({
  note: z
    .string()
    .check(
      z.trim(),
      z.minLength(3, 'Say how you checked with the practitioner'),
      z.maxLength(500, 'Please keep it under 500 characters'),
    ),
});
export type ResumeSigningRequest = z.infer<typeof resumeSigningRequest>;

/** Staff record the account check for the profile version they were shown. */
export const accountCheckRequest = z.object({
  profileVersion: z.number().check(z.int(), z.positive()),
});
export type AccountCheckRequest = z.infer<typeof accountCheckRequest>;

/** The header a one-time code goes in (decision 108), and its form. */
export const PROOF_CODE_HEADER = 'Proof-Code';
export const proofCode = z.string().check(z.regex(/^\d{6}$/));

/** A one-time code was mailed: to which address (masked), for how long. */
export type ProfileProofSent = { sentTo: string; validMinutes: number };
