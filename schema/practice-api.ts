// Contracts of a practice that onboards together (decision 120): the manager's application
// (the practice's part once), invitations, the practice tracking view (names and per-scheme
// statuses only) and a practitioner's own part, sent through their invitation link.
import { z } from 'zod/mini';
import { text } from './api-basics.ts';
import {
  consentInput,
  contractPreferences,
  documentInput,
  hpcsaNumberField,
  practiceNumberField,
  practitionerInput,
  schemeStatus,
} from './submission-api.ts';

const email = z.string().check(z.trim(), z.email('Enter a valid e-mail address'));
const keyList = z
  .array(z.string().check(z.maxLength(80)))
  .check(z.maxLength(100, 'Too many schemes selected'));
const sharedDocuments = z.array(documentInput).check(z.maxLength(100, 'Too many documents'));

const practiceDetails = {
  name: text(160, 'Practice name is required'),
  address: text(400, 'Practice address is required'),
  contactPhone: practitionerInput.shape.phone,
  contactEmail: email,
  managerName: text(160, 'Your name is required'),
  managerEmail: email,
  selectedParents: keyList,
  selectedSchemes: keyList,
  documents: sharedDocuments,
};

/** POST /api/practices: the practice's part, written once for all its practitioners. */
export const practiceRequest = z.discriminatedUnion('practiceType', [
  z.object({
    practiceType: z.literal('established'),
    practiceNumber: practiceNumberField,
    contractPreferences,
    ...practiceDetails,
  }),
  z.object({
    practiceType: z.literal('new'),
    interestedInContracts: z.boolean(),
    ...practiceDetails,
  }),
]);
export type PracticeRequest = z.infer<typeof practiceRequest>;

/** The manager's link secret, shown once here and mailed to the manager. */
export const practiceCreated = z.object({
  message: z.string(),
  practiceToken: z.string(),
});
export type PracticeCreated = z.infer<typeof practiceCreated>;

export const invitationRequest = z.object({
  name: text(160, 'Name is required'),
  email,
});
export type InvitationRequest = z.infer<typeof invitationRequest>;

export const invitationState = z.enum(['invited', 'expired', 'withdrawn', 'submitted']);
export type InvitationState = z.infer<typeof invitationState>;

/**
 * The practice tracking view the manager's link opens: the practice's own part and, for each
 * invited practitioner, the name the manager typed and per-scheme statuses. Never an ID
 * number, a tracking token, a document or the invitation's link.
 */
export const practiceTracking = z.object({
  practice: z.object({
    name: z.string(),
    practiceType: z.enum(['established', 'new']),
    practiceNumber: z.nullable(z.string()),
    createdAt: z.string(),
    documents: z.array(z.object({ sectionLabel: z.string(), fileName: z.string() })),
  }),
  practitioners: z.array(
    z.object({
      invitationId: z.string(),
      name: z.string(),
      email: z.string(),
      state: invitationState,
      expiresAt: z.string(),
      schemes: z.array(z.object({ schemeName: z.string(), status: schemeStatus })),
    }),
  ),
});
export type PracticeTracking = z.infer<typeof practiceTracking>;

/** What an invitation link shows its practitioner: the practice's part, read-only. */
export const invitationView = z.object({
  invitee: z.object({ name: z.string(), email: z.string() }),
  /** The practitioner has sent their part (their tracking link is in their receipt). */
  submitted: z.boolean(),
  practice: z.object({
    name: z.string(),
    practiceType: z.enum(['established', 'new']),
    practiceNumber: z.nullable(z.string()),
    address: z.string(),
    selectedParents: z.array(z.string()),
    selectedSchemes: z.array(z.string()),
    documents: z.array(
      z.object({
        sectionKey: z.string(),
        sectionLabel: z.string(),
        fileName: z.string(),
      }),
    ),
  }),
});
export type InvitationView = z.infer<typeof invitationView>;

/**
 * POST /api/practice-invitations/:token/submission: what is the practitioner's own. The
 * schemes are a subset of the practice's (each practitioner can untick some).
 */
export const invitationSubmitRequest = z.object({
  practitioner: practitionerInput,
  hpcsaNumber: z.optional(hpcsaNumberField),
  selectedSchemes: keyList,
  additionalNotes: z.optional(z.string().check(z.maxLength(2000))),
  documents: z.array(documentInput).check(z.maxLength(400, 'Too many documents')),
  popiaConsent: z.literal(true, 'Please accept the POPIA consent'),
  consent: z.optional(consentInput),
});
export type InvitationSubmitRequest = z.infer<typeof invitationSubmitRequest>;
