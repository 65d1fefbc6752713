// Contracts of the staff's side of a practice that onboards together (issue 39, decision 127):
// the list of practices, one practice (its part, its invitations, its practitioners'
// submissions with their enrolments) and deleting a practice, deciding for each submission.
import { z } from 'zod/mini';
import { invitationState } from './practice-api.ts';
import { schemeStatus, submissionStatus } from './submission-api.ts';

const practiceType = z.enum(['established', 'new']);

export const staffPracticeListItem = z.object({
  id: z.string(),
  name: z.string(),
  practiceType,
  practiceNumber: z.nullable(z.string()),
  createdAt: z.string(),
  /** Invitations not withdrawn, whatever their state. */
  invited: z.number(),
  /** Practitioners who sent their part (submissions still linked to the practice). */
  submitted: z.number(),
});
export type StaffPracticeListItem = z.infer<typeof staffPracticeListItem>;

export const staffPracticeList = z.object({ practices: z.array(staffPracticeListItem) });
export type StaffPracticeList = z.infer<typeof staffPracticeList>;

export const staffPracticeEnrolment = z.object({
  statusId: z.string(),
  schemeKey: z.string(),
  schemeName: z.string(),
  status: schemeStatus,
  providerNumber: z.nullable(z.string()),
});
export type StaffPracticeEnrolment = z.infer<typeof staffPracticeEnrolment>;

export const staffPracticeSubmission = z.object({
  submissionId: z.string(),
  invitationId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: submissionStatus,
  reference: z.string(),
  createdAt: z.string(),
  enrolments: z.array(staffPracticeEnrolment),
});
export type StaffPracticeSubmission = z.infer<typeof staffPracticeSubmission>;

export const staffPracticeDetail = z.object({
  practice: z.object({
    id: z.string(),
    name: z.string(),
    practiceType,
    practiceNumber: z.nullable(z.string()),
    address: z.string(),
    contactPhone: z.string(),
    contactEmail: z.string(),
    managerName: z.string(),
    managerEmail: z.string(),
    selectedSchemes: z.array(z.string()),
    createdAt: z.string(),
    /** The shared documents, uploaded once; each submission holds its own copy. */
    documents: z.array(
      z.object({
        id: z.string(),
        sectionLabel: z.string(),
        fileName: z.string(),
        fileType: z.string(),
      }),
    ),
  }),
  invitations: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      state: invitationState,
      expiresAt: z.string(),
      submissionId: z.nullable(z.string()),
    }),
  ),
  submissions: z.array(staffPracticeSubmission),
});
export type StaffPracticeDetail = z.infer<typeof staffPracticeDetail>;

/**
 * Deleting a practice: what to do with each of its submissions (every one, by id): keep it as
 * a lone application, or delete it with the spec's cascade. The practice's own part (details,
 * shared documents, invitations) goes in every case.
 */
export const practiceDeletionRequest = z.object({
  submissions: z
    .array(
      z.object({
        submissionId: z.string().check(z.maxLength(64)),
        action: z.enum(['keep', 'delete'], 'Choose keep or delete for each submission'),
      }),
    )
    .check(z.maxLength(200, 'A practice has at most 200 submissions')),
});
export type PracticeDeletionRequest = z.infer<typeof practiceDeletionRequest>;

export const practiceDeletionResult = z.object({
  success: z.literal(true),
  kept: z.number(),
  deleted: z.number(),
});
export type PracticeDeletionResult = z.infer<typeof practiceDeletionResult>;

export const submissionPractice = z.object({
  practice: z.nullable(
    z.object({
      id: z.string(),
      name: z.string(),
      /** The submission's documents that are its copies of the practice's shared documents. */
      documentIds: z.array(z.string()),
    }),
  ),
});
export type SubmissionPractice = z.infer<typeof submissionPractice>;
