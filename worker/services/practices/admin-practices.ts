// The staff's reads of practices that onboarded together (decision 127): the list (with how
// many were invited and how many sent their part) and one practice — its part, its
// invitations and its practitioners' submissions with their enrolments, for the practice page
// and its bulk changes. Staff see what the manager gave and each submission's status; the
// personal part stays on each submission's own review page.
import { asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { medicalAidStatuses, submissions } from '../../../schema/db.ts';
import {
  practiceDocuments,
  practiceInvitations,
  practiceSubmissions,
  practices,
} from '../../../schema/db-practices.ts';
import type {
  StaffPracticeDetail,
  StaffPracticeList,
  SubmissionPractice,
} from '../../../schema/practice-admin-api.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http.ts';
import { sharedCopiesOf } from './admin-practice-documents.ts';
import { invitationState } from './practice-tracking.ts';

/** A staff page lists the practices; a bureau has tens of them, not thousands. */
const LISTED_PRACTICES = 500;

export function practiceNotFound(): ApiError {
  return new ApiError(404, 'not_found', 'There is no practice with this id.');
}

export async function listPractices(deps: Deps): Promise<StaffPracticeList> {
  const { db } = deps;
  const invited = db
    .select({ practiceId: practiceInvitations.practiceId, n: count().as('invited_n') })
    .from(practiceInvitations)
    .where(isNull(practiceInvitations.withdrawnAt))
    .groupBy(practiceInvitations.practiceId)
    .as('invited');
  const submitted = db
    .select({ practiceId: practiceSubmissions.practiceId, n: count().as('submitted_n') })
    .from(practiceSubmissions)
    .groupBy(practiceSubmissions.practiceId)
    .as('submitted');
  const rows = await db
    .select({
      id: practices.id,
      name: practices.name,
      practiceType: practices.practiceType,
      practiceNumber: practices.practiceNumber,
      createdAt: practices.createdAt,
      invited: sql<number>`coalesce(${invited.n}, 0)`,
      submitted: sql<number>`coalesce(${submitted.n}, 0)`,
    })
    .from(practices)
    .leftJoin(invited, eq(invited.practiceId, practices.id))
    .leftJoin(submitted, eq(submitted.practiceId, practices.id))
    .orderBy(desc(practices.createdAt), desc(practices.id))
    .limit(LISTED_PRACTICES);
  return {
    practices: rows.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      invited: Number(r.invited),
      submitted: Number(r.submitted),
    })),
  };
}

export async function practiceDetail(deps: Deps, id: string): Promise<StaffPracticeDetail> {
  const { db } = deps;
  const [practice] = await db.select().from(practices).where(eq(practices.id, id)).limit(1);
  if (!practice) throw practiceNotFound();
  const [documents, invitations, linked] = await db.batch([
    db
      .select({
        id: practiceDocuments.id,
        sectionLabel: practiceDocuments.sectionLabel,
        fileName: practiceDocuments.fileName,
        fileType: practiceDocuments.fileType,
      })
      .from(practiceDocuments)
      .where(eq(practiceDocuments.practiceId, id))
      .orderBy(asc(practiceDocuments.sectionKey), asc(practiceDocuments.uploadedAt)),
    db
      .select({
        invitation: practiceInvitations,
        submissionId: practiceSubmissions.submissionId,
      })
      .from(practiceInvitations)
      .leftJoin(practiceSubmissions, eq(practiceSubmissions.invitationId, practiceInvitations.id))
      .where(eq(practiceInvitations.practiceId, id))
      .orderBy(asc(practiceInvitations.createdAt), asc(practiceInvitations.id)),
    db
      .select({
        submissionId: submissions.id,
        invitationId: practiceSubmissions.invitationId,
        firstName: submissions.firstName,
        lastName: submissions.lastName,
        status: submissions.status,
        reference: submissions.reference,
        createdAt: submissions.createdAt,
      })
      .from(practiceSubmissions)
      .innerJoin(submissions, eq(submissions.id, practiceSubmissions.submissionId))
      .where(eq(practiceSubmissions.practiceId, id))
      .orderBy(asc(submissions.createdAt), asc(submissions.id)),
  ]);
  const submissionIds = linked.map((s) => s.submissionId);
  const enrolments =
    submissionIds.length === 0
      ? []
      : await db
          .select({
            submissionId: medicalAidStatuses.submissionId,
            statusId: medicalAidStatuses.id,
            schemeKey: medicalAidStatuses.schemeKey,
            schemeName: medicalAidStatuses.medicalAidName,
            status: medicalAidStatuses.status,
            providerNumber: medicalAidStatuses.providerNumber,
          })
          .from(medicalAidStatuses)
          .where(inArray(medicalAidStatuses.submissionId, submissionIds))
          .orderBy(asc(medicalAidStatuses.medicalAidName));
  const now = deps.clock.now();
  return {
    practice: {
      id: practice.id,
      name: practice.name,
      practiceType: practice.practiceType,
      practiceNumber: practice.practiceNumber,
      address: practice.address,
      contactPhone: practice.contactPhone,
      contactEmail: practice.contactEmail,
      managerName: practice.managerName,
      managerEmail: practice.managerEmail,
      selectedSchemes: practice.selectedSchemes,
      createdAt: practice.createdAt.toISOString(),
      documents,
    },
    invitations: invitations.map(({ invitation, submissionId }) => ({
      id: invitation.id,
      name: invitation.name,
      email: invitation.email,
      state: invitationState(invitation, submissionId, now),
      expiresAt: invitation.expiresAt.toISOString(),
      submissionId,
    })),
    submissions: linked.map((s) => ({
      ...s,
      reference: s.reference ?? '',
      createdAt: s.createdAt.toISOString(),
      enrolments: enrolments
        .filter((e) => e.submissionId === s.submissionId)
        .map(({ submissionId: _, ...e }) => e),
    })),
  };
}

/**
 * The practice a submission came through, with the submission's documents that are its copies
 * of the practice's shared ones: null when it is a lone application, undefined when there is
 * no such submission.
 */
export async function practiceOfSubmission(
  deps: Deps,
  submissionId: string,
): Promise<SubmissionPractice['practice'] | undefined> {
  const [row] = await deps.db
    .select({
      id: practices.id,
      name: practices.name,
      invitationId: practiceSubmissions.invitationId,
    })
    .from(submissions)
    .leftJoin(practiceSubmissions, eq(practiceSubmissions.submissionId, submissions.id))
    .leftJoin(practices, eq(practices.id, practiceSubmissions.practiceId))
    .where(eq(submissions.id, submissionId))
    .limit(1);
  if (!row) return undefined;
  const { id, name, invitationId } = row;
  if (!id || !name || !invitationId) return null;
  const documentIds = await sharedCopiesOf(deps, submissionId, { practiceId: id, invitationId });
  return { id, name, documentIds };
}
