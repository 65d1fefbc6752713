// Audit entries of staff actions. An entry about a submission carries its submissionId, so
// deleting the submission removes it too; details never hold practitioners' personal data.
import { auditLogs } from '../../../schema/db.ts';
import type { Database } from '../../db.ts';
import type { StaffIdentity } from '../staff-sessions/sessions.ts';

/** The retention job (retention.ts) acts as no staff member. */
export const RETENTION_ACTOR = 'retention';

type AuditInput = {
  /** null: the retention job. */
  staff: StaffIdentity | null;
  action: string;
  entityType: string;
  entityId: string;
  submissionId?: string | null;
  details?: Record<string, unknown> | null;
};

export function auditInsert(db: Database, entry: AuditInput, now: Date) {
  return db.insert(auditLogs).values({
    id: crypto.randomUUID(),
    submissionId: entry.submissionId ?? null,
    actor: entry.staff?.email ?? RETENTION_ACTOR,
    staffUserId: entry.staff?.id ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    details: entry.details ?? null,
    createdAt: now,
  });
}
