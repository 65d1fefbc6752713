// A practitioner's own part, sent through their invitation (decision 120): it becomes the
// spec's submission, made by createSubmission like any other (rules, uploads, receipt, staff
// mail, webhooks, Idempotency-Key), filled with the practice's part: its type, number,
// preferences, the schemes (a subset the practitioner kept) and a copy of each shared document.
// The link to the invitation is written in the submission's own batch.
import { asc, eq } from 'drizzle-orm';
import { findScheme } from '../../../schema/catalogue.ts';
import { practiceDocuments, practiceSubmissions } from '../../../schema/db-practices.ts';
import type { InvitationSubmitRequest } from '../../../schema/practice-api.ts';
import { findSection, isPracticeSection } from '../../../schema/sections.ts';
import type { DocumentInput, SubmitRequest } from '../../../schema/submission-api.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http.ts';
import { liveCatalogue } from '../catalogue/catalogue.ts';
import { isUniqueViolation } from '../submissions/constraint-violations.ts';
import { createSubmission, type SubmissionContext } from '../submissions/submissions.ts';
import { copyUpload, uploadKeyFor } from '../uploads/upload-copies.ts';
import { invitationByToken } from './invitations.ts';
import type { Practice } from './practices.ts';

const ALREADY_SENT =
  'You have already sent your part of this application. Your tracking link is in the e-mail we sent you.';

function refuse(fields: Record<string, string>, message: string): never {
  throw new ApiError(400, 'invalid_practitioner_part', message, fields);
}

/** The practitioner's own checks: their address, their sections, their schemes, their number. */
function checkOwnPart(practice: Practice, invitedEmail: string, input: InvitationSubmitRequest) {
  if (input.practitioner.email.trim().toLowerCase() !== invitedEmail) {
    refuse(
      { 'practitioner.email': 'Use the address your invitation was sent to' },
      'Please use the e-mail address your invitation was sent to.',
    );
  }
  const foreign: Record<string, string> = {};
  input.documents.forEach((doc, index) => {
    if (isPracticeSection(doc.sectionKey)) {
      foreign[`documents.${index}`] = 'The practice already gave this document';
    }
  });
  if (Object.keys(foreign).length > 0) {
    refuse(foreign, 'Some documents belong to the practice and are already filed by your manager.');
  }
  if (input.selectedSchemes.some((key) => !practice.selectedSchemes.includes(key))) {
    refuse(
      { selectedSchemes: "Choose among the practice's schemes" },
      'You can only untick schemes the practice chose, not add others.',
    );
  }
  if (practice.practiceType === 'established' && !input.hpcsaNumber) {
    refuse(
      { hpcsaNumber: 'HPCSA registration number is required' },
      'Please give your HPCSA registration number.',
    );
  }
}

/** Where a practitioner's copy of one shared document is stored (stable on a retry). */
export function sharedCopyKey(invitationId: string, practiceDocumentId: string): Promise<string> {
  return uploadKeyFor(`practice-copy:${invitationId}:${practiceDocumentId}`);
}

/** The shared documents, each copied to a key of this invitation's own (stable on a retry). */
async function sharedCopies(
  deps: Deps,
  practice: Practice,
  invitationId: string,
  copy: boolean,
): Promise<DocumentInput[]> {
  const shared = await deps.db
    .select()
    .from(practiceDocuments)
    .where(eq(practiceDocuments.practiceId, practice.id))
    .orderBy(
      asc(practiceDocuments.sectionKey),
      asc(practiceDocuments.uploadedAt),
      asc(practiceDocuments.id),
    );
  return Promise.all(
    shared.map(async (doc) => {
      const url = await sharedCopyKey(invitationId, doc.id);
      const section = findSection(practice.practiceType, doc.sectionKey);
      if (copy && section) await copyUpload(deps, doc.objectKey, url, section);
      return {
        name: doc.fileName,
        size: doc.fileSize,
        type: doc.fileType,
        url,
        uploadedAt: doc.uploadedAt.toISOString(),
        sectionKey: doc.sectionKey,
        sectionLabel: doc.sectionLabel,
      };
    }),
  );
}

export async function submitThroughInvitation(
  deps: Deps,
  token: string,
  input: InvitationSubmitRequest,
  context: Omit<SubmissionContext, 'alsoWrite'>,
) {
  const { invitation, practice, submissionId } = await invitationByToken(deps, token);
  const repeat = Boolean(context.idempotencyKey || context.applicationId);
  if (submissionId && !repeat) throw new ApiError(409, 'invitation_submitted', ALREADY_SENT);
  checkOwnPart(practice, invitation.email, input);
  // Administrators the practitioner still has a scheme of (a self-administered one is its scheme).
  const catalogue = await liveCatalogue(deps.db, deps.clock.now());
  const selectedParents = practice.selectedParents.filter((parent) =>
    input.selectedSchemes.some((key) => findScheme(catalogue, key)?.administrator.key === parent),
  );
  const common = {
    selectedParents,
    selectedSchemes: input.selectedSchemes,
    additionalNotes: input.additionalNotes,
  };
  const submission: SubmitRequest['submission'] =
    practice.practiceType === 'established'
      ? {
          practiceType: 'established',
          practiceNumber: practice.practiceNumber ?? '',
          hpcsaNumber: input.hpcsaNumber ?? '',
          contractPreferences: practice.contractPreferences ?? {
            keep: false,
            review: false,
            cancel: false,
            learnMore: false,
          },
          ...common,
        }
      : {
          practiceType: 'new',
          interestedInContracts: practice.interestedInContracts ?? false,
          ...common,
        };
  const request: SubmitRequest = {
    practitioner: input.practitioner,
    submission,
    // The practitioner's own first: a refusal's `documents.N` then names their N-th document,
    // as their device counts them (it resends a lost upload by that index).
    documents: [
      ...input.documents,
      ...(await sharedCopies(deps, practice, invitation.id, !submissionId)),
    ],
    popiaConsent: input.popiaConsent,
    consent: input.consent,
  };
  try {
    return await createSubmission(deps, request, {
      ...context,
      alsoWrite: (newSubmissionId) => [
        deps.db.insert(practiceSubmissions).values({
          invitationId: invitation.id,
          practiceId: practice.id,
          submissionId: newSubmissionId,
        }),
      ],
    });
  } catch (error) {
    const lostRace = isUniqueViolation(error, 'practice_submissions.invitation_id');
    // A repeat under another key finds the copies spent: it is the same "already sent".
    if (lostRace || (submissionId && error instanceof ApiError && error.status === 409)) {
      throw new ApiError(409, 'invitation_submitted', ALREADY_SENT);
    }
    throw error;
  }
}
