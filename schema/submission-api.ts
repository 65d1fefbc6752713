// What a practitioner sends (docs/product.md#entities, #validation): the practitioner, the
// submission, its documents and consent, the answer, and the statuses the views show.
import { z } from 'zod/mini';
import { isoDate, problemCheck, text } from './api-basics.ts';
import { validityDateSchema } from './document-validity.ts';
import { SCHEME_STATUSES } from './enrolment.ts';
import {
  hpcsaNumberProblem,
  idNumberProblem,
  isValidPracticeNumber,
  normaliseHpcsaNumber,
  normalisePracticeNumber,
  toE164,
} from './practitioner-numbers.ts';

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
