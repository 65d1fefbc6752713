// What a practice's links show (decision 120). The manager's: the practice's own part and,
// per invited practitioner, the name the manager typed, the invitation's state and the
// per-scheme statuses of their submission — no ID number, tracking token, document or link.
// The practitioner's invitation: the practice's part, read-only, to fill in their own.
import { asc, eq, inArray } from 'drizzle-orm';
import { medicalAidStatuses } from '../../../schema/db.ts';
import {
  practiceDocuments,
  practiceInvitations,
  practiceSubmissions,
} from '../../../schema/db-practices.ts';
import type {
  InvitationState,
  InvitationView,
  PracticeTracking,
} from '../../../schema/practice-api.ts';
import type { Deps } from '../../deps.ts';
import { type Invitation, invitationByToken } from './invitations.ts';
import { practiceByToken } from './practices.ts';

/** Where an invitation stands: its practitioner sent their part, or the link's own state. */
export function invitationState(
  invitation: Pick<Invitation, 'withdrawnAt' | 'expiresAt'>,
  submissionId: string | null,
  now: Date,
): InvitationState {
  if (submissionId) return 'submitted';
  if (invitation.withdrawnAt) return 'withdrawn';
  return invitation.expiresAt.getTime() <= now.getTime() ? 'expired' : 'invited';
}

export async function practiceTracking(deps: Deps, token: string): Promise<PracticeTracking> {
  const practice = await practiceByToken(deps, token);
  const [documents, invitations] = await deps.db.batch([
    deps.db
      .select({
        sectionLabel: practiceDocuments.sectionLabel,
        fileName: practiceDocuments.fileName,
      })
      .from(practiceDocuments)
      .where(eq(practiceDocuments.practiceId, practice.id))
      .orderBy(asc(practiceDocuments.sectionKey), asc(practiceDocuments.uploadedAt)),
    deps.db
      .select({
        invitation: practiceInvitations,
        submissionId: practiceSubmissions.submissionId,
      })
      .from(practiceInvitations)
      .leftJoin(practiceSubmissions, eq(practiceSubmissions.invitationId, practiceInvitations.id))
      .where(eq(practiceInvitations.practiceId, practice.id))
      .orderBy(asc(practiceInvitations.createdAt), asc(practiceInvitations.id)),
  ]);
  const submissionIds = invitations.flatMap((row) => (row.submissionId ? [row.submissionId] : []));
  const statuses =
    submissionIds.length === 0
      ? []
      : await deps.db
          .select({
            submissionId: medicalAidStatuses.submissionId,
            schemeName: medicalAidStatuses.medicalAidName,
            status: medicalAidStatuses.status,
          })
          .from(medicalAidStatuses)
          .where(inArray(medicalAidStatuses.submissionId, submissionIds))
          .orderBy(asc(medicalAidStatuses.medicalAidName));
  const now = deps.clock.now();
  const stateOf = (row: (typeof invitations)[number]) =>
    invitationState(row.invitation, row.submissionId, now);
  return {
    practice: {
      name: practice.name,
      practiceType: practice.practiceType,
      practiceNumber: practice.practiceNumber,
      createdAt: practice.createdAt.toISOString(),
      documents,
    },
    practitioners: invitations.map((row) => ({
      invitationId: row.invitation.id,
      name: row.invitation.name,
      email: row.invitation.email,
      state: stateOf(row),
      expiresAt: row.invitation.expiresAt.toISOString(),
      schemes: statuses
        .filter((s) => s.submissionId === row.submissionId)
        .map(({ schemeName, status }) => ({ schemeName, status })),
    })),
  };
}

export async function invitationView(deps: Deps, token: string): Promise<InvitationView> {
  const { invitation, practice, submissionId } = await invitationByToken(deps, token);
  const documents = await deps.db
    .select({
      sectionKey: practiceDocuments.sectionKey,
      sectionLabel: practiceDocuments.sectionLabel,
      fileName: practiceDocuments.fileName,
    })
    .from(practiceDocuments)
    .where(eq(practiceDocuments.practiceId, practice.id))
    .orderBy(asc(practiceDocuments.sectionKey), asc(practiceDocuments.uploadedAt));
  return {
    invitee: { name: invitation.name, email: invitation.email },
    submitted: Boolean(submissionId),
    practice: {
      name: practice.name,
      practiceType: practice.practiceType,
      practiceNumber: practice.practiceNumber,
      address: practice.address,
      selectedParents: practice.selectedParents,
      selectedSchemes: practice.selectedSchemes,
      documents,
    },
  };
}
