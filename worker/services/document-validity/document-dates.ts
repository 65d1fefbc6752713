// Staff correct the date a document carries on review (issue 38, decision 118): the date the
// practitioner gave (or none) becomes the one on the paper, its good-until follows from the
// section's rule, and the correction is kept in the submission's history and the security log.
import { and, eq } from 'drizzle-orm';
import { documents } from '../../../schema/db.ts';
import { validityDay } from '../../../schema/document-validity.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http.ts';
import { auditInsert } from '../security-log/audit-log.ts';
import { securityLogInsert, staffActor } from '../security-log/security-log.ts';
import type { StaffIdentity } from '../staff-sessions/sessions.ts';
import { refreshNextReminderDay } from './next-reminder-day.ts';
import { goodUntilUnder, validityRules } from './validity-rules.ts';

export async function correctValidityDate(
  deps: Deps,
  staff: StaffIdentity,
  documentId: string,
  date: string,
): Promise<{ validityDate: string; goodUntil: string | null }> {
  const { db } = deps;
  const now = deps.clock.now();
  const [[document], rules] = await Promise.all([
    db.select().from(documents).where(eq(documents.id, documentId)),
    validityRules(db, now),
  ]);
  if (!document) throw new ApiError(404, 'not_found', 'There is no document with this id.');
  if (!rules.has(document.sectionKey)) {
    throw new ApiError(
      409,
      'no_validity_rule',
      'This kind of document has no validity rule, so it carries no date. Add a rule first.',
    );
  }
  const goodUntil = goodUntilUnder(rules, document.sectionKey, date);
  if (document.validityDate === date && document.goodUntil === goodUntil) {
    return { validityDate: date, goodUntil };
  }
  await db.batch([
    db
      .update(documents)
      .set({ validityDate: date, goodUntil })
      .where(and(eq(documents.id, documentId), eq(documents.submissionId, document.submissionId))),
    refreshNextReminderDay(db, eq(documents.id, documentId), validityDay(now)),
    auditInsert(
      db,
      {
        staff,
        action: 'document_validity_date_corrected',
        entityType: 'document',
        entityId: documentId,
        submissionId: document.submissionId,
        details: {
          section: document.sectionLabel,
          from: document.validityDate,
          to: date,
          goodUntil,
        },
      },
      now,
    ),
    // Ids only: the security log holds no dates of a practitioner's papers.
    securityLogInsert(
      db,
      {
        action: 'document_validity_date_corrected',
        actor: staffActor(staff),
        entityType: 'document',
        entityId: documentId,
        submissionId: document.submissionId,
        details: { hadDate: document.validityDate !== null },
      },
      now,
    ),
  ]);
  return { validityDate: date, goodUntil };
}
