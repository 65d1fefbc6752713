// The desk's "Expiring" view (issue 38): current documents overdue by at most 90 days or good
// for 30 days at most, nearest first, with the rule and the reminders already sent; and staff's
// "remind now", one practitioner notice per document and day, like the run's (decision 118).
import { and, asc, eq, gte, inArray, isNull, lte, ne } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { documentReminders, documents, submissions } from '../../../schema/db.ts';
import {
  addDays,
  describeRule,
  expiryStanding,
  validityDay,
} from '../../../schema/document-validity.ts';
import type { ExpiringDocuments } from '../../../schema/document-validity-api.ts';
import type { Database } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { securityLogInsert, staffActor } from '../security-log/security-log.ts';
import type { StaffIdentity } from '../staff-sessions/sessions.ts';
import { reminderWrites } from './document-reminders.ts';
import { validityRules } from './validity-rules.ts';

const AHEAD_DAYS = 30;
const OVERDUE_DAYS = 90;
const SHOWN = 100;

function currentNear(today: string) {
  return and(
    gte(documents.goodUntil, addDays(today, -OVERDUE_DAYS)),
    lte(documents.goodUntil, addDays(today, AHEAD_DAYS)),
    isNull(documents.supersededAt),
    ne(documents.status, 'rejected'),
    ne(submissions.status, 'rejected'),
  );
}

/** The documents the view lists, walked in the order of their good-until index (decision 129). */
export function nearDocuments(db: Database, today: string) {
  return db
    .select({
      documentId: documents.id,
      submissionId: documents.submissionId,
      firstName: submissions.firstName,
      lastName: submissions.lastName,
      reference: submissions.reference,
      sectionKey: documents.sectionKey,
      sectionLabel: documents.sectionLabel,
      fileName: documents.fileName,
      validityDate: documents.validityDate,
      goodUntil: documents.goodUntil,
    })
    .from(documents)
    .innerJoin(submissions, eq(submissions.id, documents.submissionId))
    .where(currentNear(today))
    .orderBy(asc(documents.goodUntil), asc(documents.id))
    .limit(SHOWN);
}

export async function expiringDocuments(deps: Deps): Promise<ExpiringDocuments> {
  const { db } = deps;
  const now = deps.clock.now();
  const today = validityDay(now);
  const [rows, rules] = await Promise.all([nearDocuments(db, today), validityRules(db, now)]);
  const sent = rows.length
    ? await db
        .select()
        .from(documentReminders)
        .where(
          inArray(
            documentReminders.documentId,
            rows.map((r) => r.documentId),
          ),
        )
        .orderBy(asc(documentReminders.sentAt))
    : [];
  return {
    today,
    items: rows.map((r) => {
      const goodUntil = r.goodUntil as string;
      const rule = rules.get(r.sectionKey);
      return {
        documentId: r.documentId,
        submissionId: r.submissionId,
        practitionerName: `${r.firstName} ${r.lastName}`,
        reference: r.reference,
        sectionLabel: r.sectionLabel,
        fileName: r.fileName,
        validityDate: r.validityDate,
        goodUntil,
        standing: expiryStanding(goodUntil, today, AHEAD_DAYS) ?? 'expiring',
        rule: rule ? describeRule(rule) : null,
        remindersSent: sent
          .filter((s) => s.documentId === r.documentId && s.goodUntil === goodUntil)
          .map((s) => ({ step: s.step, sentAt: s.sentAt.toISOString() })),
      };
    }),
  };
}

/** Staff's "remind now" for documents in the view; how many got a new reminder. */
export async function remindNow(
  deps: Deps,
  staff: StaffIdentity,
  documentIds: readonly string[],
): Promise<number> {
  const { db } = deps;
  const now = deps.clock.now();
  const today = validityDay(now);
  const due = await db
    .select({
      id: documents.id,
      submissionId: documents.submissionId,
      sectionLabel: documents.sectionLabel,
      goodUntil: documents.goodUntil,
    })
    .from(documents)
    .innerJoin(submissions, eq(submissions.id, documents.submissionId))
    .where(and(inArray(documents.id, [...new Set(documentIds)]), currentNear(today)));
  const step = `now_${today}`;
  const already = due.length
    ? await db
        .select({
          documentId: documentReminders.documentId,
          goodUntil: documentReminders.goodUntil,
        })
        .from(documentReminders)
        .where(
          and(
            inArray(
              documentReminders.documentId,
              due.map((d) => d.id),
            ),
            eq(documentReminders.step, step),
          ),
        )
    : [];
  const fresh = due.filter(
    (d) => !already.some((a) => a.documentId === d.id && a.goodUntil === d.goodUntil),
  );
  if (fresh.length === 0) return 0;
  const writes: BatchItem<'sqlite'>[] = [
    ...fresh.flatMap((d) =>
      reminderWrites(db, { ...d, goodUntil: d.goodUntil as string }, step, staff.id, now),
    ),
    securityLogInsert(
      db,
      {
        action: 'documents_reminded',
        actor: staffActor(staff),
        entityType: 'document',
        entityId: fresh[0]!.id,
        details: { documents: fresh.length },
      },
      now,
    ),
  ];
  await db.batch(writes as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return fresh.length;
}
