// The security log: the ONE place every feature records an audit event that must outlive what
// it is about (docs/decisions/084-security-log.md). Links issued to documents, every
// authentication event (sign-ins, codes, enrolment, resets), CLI actions, deletions, backups,
// enrolment-desk actions: callers put securityLogInsert(...) into their own batch or
// transaction, like auditInsert. The table is append-only (its migration's triggers refuse
// UPDATE and DELETE) and has no foreign keys, so deleting a submission or an account keeps
// that its ids were acted on. Entries hold no personal data: ids, the action, the actor (a
// staff account's id or a fixed word), the time and details made of ids, counts and flags —
// never names, e-mail addresses, file names, ID numbers, tokens or client addresses.
// The per-submission audit entries (audit-log.ts) stay what the submission's page shows and go
// with the submission, as the delete dialog says.
import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod/mini';
import { securityEvents, staffUsers } from '../../../schema/db.ts';
import type { SecurityLogEntry, securityLogQuery } from '../../../schema/security-log-api.ts';
import type { Database } from '../../db.ts';
import type { StaffIdentity } from '../staff-sessions/sessions.ts';

/** Who acted: a staff account, or one of the server's own actors. */
export type SecurityActor =
  | { type: 'staff'; id: string }
  /** cli: `npm run admin`; retention: the retention job; server: start-up and maintenance. */
  | { type: 'cli' | 'retention' | 'server' | 'anonymous' };

export type SecurityLogDetails = Record<string, string | number | boolean | null>;

export type SecurityLogInput = {
  /** What happened, in snake_case: 'document_link_issued', 'staff_login_failed', … */
  action: string;
  actor: SecurityActor;
  entityType: string;
  entityId: string;
  /** The submission the entry is about, kept as a plain id after its deletion. */
  submissionId?: string | null;
  /** Ids, counts and flags only (no personal data). */
  details?: SecurityLogDetails | null;
};

export function staffActor(staff: StaffIdentity | { id: string }): SecurityActor {
  return { type: 'staff', id: staff.id };
}

/** One entry; a drizzle insert for the caller's batch (or await it on its own). */
export function securityLogInsert(db: Database, entry: SecurityLogInput, now: Date) {
  return db.insert(securityEvents).values({
    id: crypto.randomUUID(),
    action: entry.action,
    actorType: entry.actor.type,
    actorId: entry.actor.type === 'staff' ? entry.actor.id : null,
    entityType: entry.entityType,
    entityId: entry.entityId,
    submissionId: entry.submissionId ?? null,
    details: entry.details ?? null,
    createdAt: now,
  });
}

const DEFAULT_PAGE_SIZE = 50;

function entryView(
  row: typeof securityEvents.$inferSelect & { actorEmail: string | null },
): SecurityLogEntry {
  return {
    id: row.id,
    action: row.action,
    actorType: row.actorType as SecurityLogEntry['actorType'],
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    entityType: row.entityType,
    entityId: row.entityId,
    submissionId: row.submissionId,
    details: row.details ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function selectEntries(db: Database, where: SQL | undefined) {
  return db
    .select({
      id: securityEvents.id,
      action: securityEvents.action,
      actorType: securityEvents.actorType,
      actorId: securityEvents.actorId,
      actorEmail: staffUsers.email,
      entityType: securityEvents.entityType,
      entityId: securityEvents.entityId,
      submissionId: securityEvents.submissionId,
      details: securityEvents.details,
      createdAt: securityEvents.createdAt,
    })
    .from(securityEvents)
    .leftJoin(staffUsers, eq(staffUsers.id, securityEvents.actorId))
    .where(where);
}

/** One page, newest first; nextCursor is the last entry's id when more follow. */
export async function readSecurityLog(
  db: Database,
  query: z.infer<typeof securityLogQuery>,
): Promise<{ entries: SecurityLogEntry[]; nextCursor: string | null }> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const filters: SQL[] = [];
  if (query.submissionId) filters.push(eq(securityEvents.submissionId, query.submissionId));
  if (query.cursor) {
    const [after] = await db
      .select({ createdAt: securityEvents.createdAt })
      .from(securityEvents)
      .where(eq(securityEvents.id, query.cursor));
    if (after) {
      filters.push(
        or(
          lt(securityEvents.createdAt, after.createdAt),
          and(eq(securityEvents.createdAt, after.createdAt), lt(securityEvents.id, query.cursor)),
        )!,
      );
    }
  }
  const rows = await selectEntries(db, filters.length ? and(...filters) : undefined)
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(limit + 1);
  const shown = rows.slice(0, limit);
  return {
    entries: shown.map(entryView),
    nextCursor: rows.length > limit ? (shown.at(-1)?.id ?? null) : null,
  };
}

/** The whole log, oldest first. */
export async function securityLogExportEntries(db: Database): Promise<SecurityLogEntry[]> {
  const rows = await selectEntries(db, undefined).orderBy(
    securityEvents.createdAt,
    securityEvents.id,
  );
  return rows.map(entryView);
}

const CSV_COLUMNS = [
  'createdAt',
  'action',
  'actorType',
  'actorId',
  'actorEmail',
  'entityType',
  'entityId',
  'submissionId',
  'details',
] as const;

/** A cell spreadsheets read as text: quoted, and a leading =+-@ defused (CSV injection). */
function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function securityLogCsv(entries: SecurityLogEntry[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const entry of entries) {
    lines.push(
      CSV_COLUMNS.map((column) =>
        csvCell(
          column === 'details'
            ? entry.details
              ? JSON.stringify(entry.details)
              : null
            : entry[column],
        ),
      ).join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * A staff sign-in, right or wrong (never the password). A wrong one for an e-mail with no
 * account is recorded too, as 'unknown' without the e-mail typed (it may be anyone's
 * address): the same one write either way, so the time to answer does not tell which
 * e-mails have accounts. reason: which step failed ('password', 'totp', 'recovery_code'…).
 */
export function signInLogged(
  db: Database,
  account: { id: string } | undefined,
  outcome:
    | { succeeded: true; with?: 'totp' | 'recovery_code' | 'enrolment' }
    | { succeeded: false; reason: string },
  now: Date,
) {
  return securityLogInsert(
    db,
    {
      action: outcome.succeeded ? 'staff_login' : 'staff_login_failed',
      actor: account ? staffActor(account) : { type: 'anonymous' },
      entityType: 'staff_user',
      entityId: account?.id ?? 'unknown',
      details: outcome.succeeded
        ? outcome.with
          ? { with: outcome.with }
          : null
        : { reason: outcome.reason },
    },
    now,
  );
}
