// The webhook outbox's writes (decision 122): each cause puts these statements into its own
// batch, after its own writes, so the event exists exactly when what it reports does. The
// payload is read in SQL from the rows just written (one statement, no read before the batch),
// and one delivery is queued per endpoint that chose the event type; with no such endpoint
// nothing is written at all.
import { type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { WebhookEventType } from '../../../schema/webhooks-api.ts';
import type { Database } from '../../db.ts';

/** An ISO 8601 time in UTC from a timestamp_ms column, as Date.toISOString writes it. */
const iso = (column: SQL) => sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${column} / 1000.0, 'unixepoch')`;

/** Endpoints that receive this type (revoked ones never; paused ones once resumed). */
const subscribed = (type: WebhookEventType) =>
  sql`e.revoked_at is null and exists (select 1 from json_each(e.events) where value = ${type})`;

/**
 * The event and its deliveries. `data` and `from` are SQL over the rows the batch wrote; the
 * event is written only when `from` finds its row and some endpoint wants the type.
 */
function eventWrites(
  db: Database,
  type: WebhookEventType,
  submissionId: SQL,
  data: SQL,
  from: SQL,
  now: Date,
): [BatchItem<'sqlite'>, BatchItem<'sqlite'>] {
  const id = `msg_${crypto.randomUUID().replaceAll('-', '')}`;
  const at = now.getTime();
  return [
    db.run(sql`insert into webhook_events (id, type, submission_id, payload, created_at)
      select ${id}, ${type}, ${submissionId},
        json_object('type', ${type}, 'timestamp', ${now.toISOString()}, 'data', ${data}), ${at}
      ${from}
      and exists (select 1 from webhook_endpoints e where ${subscribed(type)})`),
    db.run(sql`insert into webhook_deliveries (id, event_id, endpoint_id, attempts, next_attempt_at, created_at)
      select lower(hex(randomblob(16))), ${id}, e.id, 0, ${at}, ${at}
      from webhook_endpoints e
      where ${subscribed(type)} and exists (select 1 from webhook_events where id = ${id})`),
  ];
}

const practitionerName = sql`s.first_name || ' ' || s.last_name`;

/** After the submission and its enrolments are written. */
export function applicationSubmittedEvent(db: Database, submissionId: string, now: Date) {
  const data = sql`json_object(
    'applicationId', s.id, 'reference', s.reference, 'practitionerName', ${practitionerName},
    'practiceNumber', s.practice_number, 'submittedAt', ${iso(sql`s.created_at`)},
    'enrolments', (select json_group_array(json_object('enrolmentId', m.id,
      'schemeKey', m.scheme_key, 'schemeName', m.medical_aid_name, 'status', m.status))
      from medical_aid_statuses m where m.submission_id = s.id))`;
  const from = sql`from submissions s where s.id = ${submissionId}`;
  return eventWrites(db, 'application.submitted', sql`s.id`, data, from, now);
}

/** After the enrolment's row is updated: its status, provider number and dates as they are now. */
export function enrolmentChangedEvent(db: Database, enrolmentId: string, now: Date) {
  const data = sql`json_object(
    'enrolmentId', m.id, 'applicationId', s.id, 'reference', s.reference,
    'practitionerName', ${practitionerName}, 'practiceNumber', s.practice_number,
    'schemeKey', m.scheme_key, 'schemeName', m.medical_aid_name, 'status', m.status,
    'providerNumber', m.provider_number, 'effectiveDate', m.effective_date,
    'updatedAt', ${iso(sql`m.last_updated`)})`;
  const from = sql`from medical_aid_statuses m join submissions s on s.id = m.submission_id
    where m.id = ${enrolmentId}`;
  return eventWrites(db, 'enrolment.status_changed', sql`s.id`, data, from, now);
}

/** After the replacement document is written. */
export function documentReplacedEvent(db: Database, documentId: string, now: Date) {
  const data = sql`json_object(
    'applicationId', s.id, 'reference', s.reference, 'documentId', d.id,
    'replacesDocumentId', d.replaces_document_id, 'sectionKey', d.section_key,
    'sectionLabel', d.section_label, 'replacedAt', ${now.toISOString()})`;
  const from = sql`from documents d join submissions s on s.id = d.submission_id
    where d.id = ${documentId}`;
  return eventWrites(db, 'document.replaced', sql`s.id`, data, from, now);
}

/**
 * BEFORE the submission's rows are deleted: the application's earlier events go (their
 * payloads hold its names), and the deletion event, ids only, is written while the row exists.
 */
export function applicationDeletedEvent(
  db: Database,
  submissionId: string,
  now: Date,
): [BatchItem<'sqlite'>, BatchItem<'sqlite'>, BatchItem<'sqlite'>] {
  const data = sql`json_object('applicationId', s.id, 'reference', s.reference,
    'deletedAt', ${now.toISOString()})`;
  const from = sql`from submissions s where s.id = ${submissionId}`;
  return [
    db.run(sql`delete from webhook_events where submission_id = ${submissionId}`),
    ...eventWrites(db, 'application.deleted', sql`s.id`, data, from, now),
  ];
}
