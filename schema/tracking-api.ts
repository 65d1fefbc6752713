// What a practitioner sees of an application: the tracking view of a link
// (docs/product.md#entities) and the lookup by practice or ID number (#validation).
import { z } from 'zod/mini';
import { isoDate } from './api-basics.ts';
import { publicValidityRule } from './document-validity-api.ts';
import { postingChecklist } from './posting-checklist.ts';
import {
  contractPreferences,
  documentStatus,
  practiceType,
  schemeStatus,
  submissionStatus,
} from './submission-api.ts';

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
