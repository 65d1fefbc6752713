// One change to a scheme enrolment (a scheme of a submission), as one list of writes for the
// caller's batch: the row, the status event and notice the practitioner is to see (status, the
// note marked for them, hard-copy flags), a history entry naming the staff member, an audit
// entry and a security-log entry (decision 088). A single change and a bulk change both use
// it, so both write the same things.
import { and, eq, inArray } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { z } from 'zod/mini';
import {
  enrolmentChanges,
  medicalAidStatuses,
  staffUsers,
  statusEvents,
  submissions,
} from '../../../schema/db.ts';
import { enrolmentProblems } from '../../../schema/enrolment.ts';
import type { updateSchemeStatusRequest } from '../../../schema/staff-review-api.ts';
import type { SchemeStatus } from '../../../schema/submission-api.ts';
import type { Database } from '../../db.ts';
import { ApiError } from '../../http.ts';
import { noticeInsert } from '../notices/practitioner-notices.ts';
import { auditInsert } from '../security-log/audit-log.ts';
import { securityLogInsert, staffActor } from '../security-log/security-log.ts';
import type { StaffIdentity } from '../staff-sessions/sessions.ts';
import { enrolmentChangedEvent } from '../webhooks/webhook-events.ts';

export type EnrolmentRow = typeof medicalAidStatuses.$inferSelect;
export type EnrolmentChange = Partial<z.infer<typeof updateSchemeStatusRequest>>;

const SCHEME_STATUS_TEXT: Record<SchemeStatus, string> = {
  approved: 'approved',
  pending: 'pending',
  rejected: 'rejected',
  not_started: 'not started',
};

/** The fields a change may touch, compared and recorded one by one. */
const FIELDS = [
  'status',
  'notes',
  'requiresHardCopy',
  'reason',
  'providerNumber',
  'effectiveDate',
  'reasonDetail',
  'followUpOn',
  'ownerId',
  'internalNotes',
  'hardCopiesReceived',
] as const;
type Field = (typeof FIELDS)[number];

/** The row as it would be after the change ('' clears a text, like null). */
function applied(row: EnrolmentRow, change: EnrolmentChange): Pick<EnrolmentRow, Field> {
  const next = {} as Record<Field, unknown>;
  for (const field of FIELDS) {
    const value = change[field];
    next[field] = value === undefined ? row[field] : value === '' ? null : value;
  }
  return next as Pick<EnrolmentRow, Field>;
}

/** Refuses an owner who is not an active staff account: 400 with the field named. */
export async function checkOwner(db: Database, ownerId: string | null | undefined) {
  if (!ownerId) return;
  const [owner] = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(eq(staffUsers.id, ownerId), eq(staffUsers.disabled, false)));
  if (!owner) {
    throw new ApiError(400, 'validation_error', 'Please choose an owner from the staff list.', {
      ownerId: 'Choose an active staff member',
    });
  }
}

/** The enrolments with these ids, refusing any that does not exist. */
export async function enrolmentsById(db: Database, ids: readonly string[]) {
  const rows = await db
    .select()
    .from(medicalAidStatuses)
    .where(inArray(medicalAidStatuses.id, ids));
  if (rows.length !== new Set(ids).size) {
    throw new ApiError(404, 'not_found', 'One of the selected enrolments no longer exists.');
  }
  return rows;
}

/**
 * The writes of one change, or none when it changes nothing. Throws 400 when the result breaks
 * the reason rules (a provider number for an approval, the scheme's reason for a rejection).
 */
export function enrolmentWrites(
  db: Database,
  staff: StaffIdentity,
  row: EnrolmentRow,
  change: EnrolmentChange,
  now: Date,
  options: { bulk?: boolean } = {},
): BatchItem<'sqlite'>[] {
  const next = applied(row, change);
  const changes: Record<string, [unknown, unknown]> = {};
  for (const field of FIELDS) {
    if (next[field] !== row[field]) changes[field] = [row[field], next[field]];
  }
  if (Object.keys(changes).length === 0) return [];
  const problems = enrolmentProblems(next);
  if (Object.keys(problems).length > 0) {
    throw new ApiError(
      400,
      'validation_error',
      `${row.medicalAidName}: ${Object.values(problems)[0]}.`,
      problems,
    );
  }

  const statusChanged = 'status' in changes;
  const outcome = next.status === 'approved' || next.status === 'rejected';
  const outcomeAt = statusChanged ? (outcome ? now : null) : row.outcomeAt;
  return [
    db
      .update(medicalAidStatuses)
      .set({ ...next, outcomeAt, lastUpdated: now })
      .where(eq(medicalAidStatuses.id, row.id)),
    db.update(submissions).set({ updatedAt: now }).where(eq(submissions.id, row.submissionId)),
    // What billing acts on (decision 122): the status, the provider number, its date.
    ...(['status', 'providerNumber', 'effectiveDate'].some((field) => field in changes)
      ? enrolmentChangedEvent(db, row.id, now)
      : []),
    ...practitionerFacing(db, row, next, changes, now),
    db.insert(enrolmentChanges).values({
      id: crypto.randomUUID(),
      submissionId: row.submissionId,
      statusId: row.id,
      staffUserId: staff.id,
      actor: staff.email,
      changes,
      bulk: Boolean(options.bulk),
      createdAt: now,
    }),
    auditInsert(
      db,
      {
        staff,
        submissionId: row.submissionId,
        action: 'scheme_status_changed',
        entityType: 'medical_aid_status',
        entityId: row.id,
        details: {
          schemeKey: row.schemeKey,
          from: row.status,
          to: next.status,
          requiresHardCopy: next.requiresHardCopy,
          ...(next.notes ? { notes: next.notes } : {}),
          changed: Object.keys(changes),
        },
      },
      now,
    ),
    // Ids and field names only: the security log holds no personal data.
    securityLogInsert(
      db,
      {
        action: options.bulk ? 'enrolment_changed_in_bulk' : 'enrolment_changed',
        actor: staffActor(staff),
        entityType: 'medical_aid_status',
        entityId: row.id,
        submissionId: row.submissionId,
        details: { fields: Object.keys(changes).join(','), status: next.status },
      },
      now,
    ),
  ];
}

/**
 * What the practitioner sees of a change: a status event (and the mail notice) for a new
 * status, hard-copy events, an update event when the note marked for them changes. Internal
 * fields (owner, follow-up, internal notes, reason) write nothing they see. The note itself
 * stays out of the timeline: /track and the lookup show it with the scheme (decision 088).
 */
function practitionerFacing(
  db: Database,
  row: EnrolmentRow,
  next: Pick<EnrolmentRow, Field>,
  changes: Record<string, unknown>,
  now: Date,
) {
  const name = row.medicalAidName;
  const events: [string, string][] = [];
  if ('status' in changes) {
    events.push([`scheme_${next.status}`, `${name} ${SCHEME_STATUS_TEXT[next.status]}`]);
  } else if ('notes' in changes) {
    events.push(['scheme_updated', `${name} updated`]);
  }
  if ('requiresHardCopy' in changes) {
    events.push(
      next.requiresHardCopy
        ? ['scheme_hard_copy_required', `${name}: certified hard copy required`]
        : ['scheme_hard_copy_not_required', `${name}: certified hard copy no longer required`],
    );
  }
  if ('hardCopiesReceived' in changes && next.hardCopiesReceived) {
    events.push(['scheme_hard_copies_received', `${name}: certified hard copies received`]);
  }
  return [
    ...('status' in changes
      ? [
          noticeInsert(
            db,
            row.submissionId,
            { kind: 'scheme_status', payload: { schemeName: name, status: next.status } },
            now,
          ),
        ]
      : []),
    ...events.map(([eventType, description]) =>
      db.insert(statusEvents).values({
        id: crypto.randomUUID(),
        submissionId: row.submissionId,
        eventType,
        description,
        note: null,
        createdAt: now,
      }),
    ),
  ];
}
