// The full tracking view for whoever holds a submission's token (SPEC §3 "Tracking response").
// The practitioner's ID number is left out on purpose (docs/decisions/005-privacy.md).
import { asc, eq, sql } from 'drizzle-orm';
import type { TrackingResponse } from '../../schema/api.ts';
import {
  documents,
  medicalAidStatuses,
  practitioners,
  statusEvents,
  submissions,
} from '../../schema/db.ts';
import type { Database } from '../db.ts';
import { isWellFormedTrackingToken } from './tracking-tokens.ts';

export const SUBMISSION_NOT_FOUND = 'Submission not found. Please check your tracking token.';

export async function trackingView(db: Database, token: string): Promise<TrackingResponse | null> {
  if (!isWellFormedTrackingToken(token)) return null;
  const [row] = await db
    .select({ submission: submissions, practitioner: practitioners })
    .from(submissions)
    .innerJoin(practitioners, eq(practitioners.id, submissions.practitionerId))
    .where(eq(submissions.trackingToken, token));
  if (!row) return null;
  const { submission: s, practitioner: p } = row;
  const [docs, schemes, events] = await Promise.all([
    db
      .select()
      .from(documents)
      .where(eq(documents.submissionId, s.id))
      .orderBy(asc(documents.uploadedAt), asc(documents.id)),
    db
      .select()
      .from(medicalAidStatuses)
      .where(eq(medicalAidStatuses.submissionId, s.id))
      .orderBy(asc(medicalAidStatuses.medicalAidName)),
    db
      .select()
      .from(statusEvents)
      .where(eq(statusEvents.submissionId, s.id))
      .orderBy(asc(statusEvents.createdAt), sql`rowid`),
  ]);
  return {
    practitioner: {
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email,
      phone: p.phone,
      specialization: p.specialization,
    },
    submission: {
      id: s.id,
      status: s.status,
      createdAt: s.createdAt.toISOString(),
      updatedAt: s.updatedAt.toISOString(),
      trackingToken: s.trackingToken,
      practiceType: s.practiceType,
      practiceNumber: s.practiceNumber,
      hpcsaNumber: s.hpcsaNumber,
      selectedParents: s.selectedParents,
      selectedSchemes: s.selectedSchemes,
      contractPreferences: s.contractPreferences,
      interestedInContracts: s.interestedInContracts,
      additionalNotes: s.additionalNotes,
    },
    documents: docs.map((d) => ({
      id: d.id,
      fileName: d.fileName,
      documentType: d.sectionLabel,
      sectionKey: d.sectionKey,
      uploadedAt: d.uploadedAt.toISOString(),
      status: d.status,
      rejectionReason: d.rejectionReason,
    })),
    medicalAidStatuses: schemes.map((m) => ({
      id: m.id,
      schemeKey: m.schemeKey,
      medicalAidName: m.medicalAidName,
      status: m.status,
      lastUpdated: m.lastUpdated.toISOString(),
      requiresHardCopy: m.requiresHardCopy,
      notes: m.notes,
    })),
    statusEvents: events.map((e) => ({
      id: e.id,
      eventType: e.eventType,
      description: e.description,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}
