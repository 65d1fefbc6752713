// The tracking response (schema/tracking-api.ts TrackingResponse) as SQLite writes it: one statement,
// one row, one column of JSON text that the route sends as it is (decision 105). The portal's
// busiest read thus costs one round trip on the Workers target and, on Node, no mapping of
// rows to objects and back to JSON. worker/services/tracking/tracking-json.test.ts holds it equal, byte
// for byte, to the view built from the tables by the staff detail's readers.
//
// SQLite writes every object with json_object (so every text is escaped as JSON wants); the
// arrays and the whole are joined as text, so no object is parsed again on its way out. Each
// array joins an ordered subquery rather than using group_concat(… ORDER BY …): sqld and Turso
// do not parse an aggregate's ORDER BY (SQLite 3.44 syntax). SQLite does not flatten an ordered
// subquery into an aggregate, so the rows arrive in its order. Stored JSON texts (the chosen
// schemes, a checklist) go in through json(), which marks them as JSON, not text to quote.
import type { TrackingResponse } from '../../../schema/tracking-api.ts';
import { isWellFormedTrackingToken } from '../../crypto/tracking-tokens.ts';
import type { PreparedReads } from '../../ports.ts';
import type { JsonText } from '../../reply.ts';

/** Epoch milliseconds (drizzle's timestamp_ms) as Date.prototype.toISOString writes them. */
const iso = (column: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${column} / 1000.0, 'unixepoch')`;
const isoOrNull = (column: string) =>
  `case when ${column} is null then null else ${iso(column)} end`;
/** An integer boolean column (drizzle's mode 'boolean': 1 is true) as a JSON boolean or null. */
const bool = (column: string) =>
  `json(case when ${column} is null then 'null' when ${column} = 1 then 'true' else 'false' end)`;
const orderedArray = (select: string) =>
  `(select coalesce('[' || group_concat(item, ',') || ']', '[]') from (${select}))`;

const documents = orderedArray(`
  select json_object(
    'id', d.id, 'fileName', d.file_name, 'documentType', d.section_label,
    'sectionKey', d.section_key, 'uploadedAt', ${iso('d.uploaded_at')}, 'status', d.status,
    'rejectionReason', d.rejection_reason, 'replacesDocumentId', d.replaces_document_id,
    'supersededBy', (
      select r.id from documents r
      where r.submission_id = s.id and r.replaces_document_id = d.id
      order by r.uploaded_at desc, r.rowid desc limit 1),
    'goodUntil', d.good_until,
    'renewalAsked', json(case when d.superseded_at is null and exists (
      select 1 from document_reminders m
      where m.document_id = d.id and m.good_until = d.good_until) then 'true' else 'false' end)
  ) as item
  from documents d where d.submission_id = s.id order by d.uploaded_at, d.rowid`);

/** Rejected documents with no replacement yet. */
const documentsToReplace = `(
  select count(*) from documents d
  where d.submission_id = s.id and d.status = 'rejected' and d.superseded_at is null
    and not exists (
      select 1 from documents r where r.submission_id = s.id and r.replaces_document_id = d.id))`;

/** Current documents reminded for their good-until (issue 38) with no replacement yet. */
const documentsToRenew = `(
  select count(*) from documents d
  where d.submission_id = s.id and d.status <> 'rejected' and d.superseded_at is null
    and exists (
      select 1 from document_reminders m
      where m.document_id = d.id and m.good_until = d.good_until)
    and not exists (
      select 1 from documents r where r.submission_id = s.id and r.replaces_document_id = d.id))`;

/** Each section's rule as staff keep it now (issue 38); empty until the rules are first read. */
const validityRules = orderedArray(`
  select json_object('sectionKey', v.section_key, 'rule', json(v.rule)) as item
  from document_validity_rules v order by v.section_key`);

const schemeStatuses = orderedArray(`
  select json_object(
    'id', m.id, 'schemeKey', m.scheme_key, 'medicalAidName', m.medical_aid_name,
    'status', m.status, 'lastUpdated', ${iso('m.last_updated')},
    'requiresHardCopy', ${bool('m.requires_hard_copy')}, 'notes', m.notes,
    'providerNumber', case when m.status = 'approved' then m.provider_number end
  ) as item
  from medical_aid_statuses m where m.submission_id = s.id order by m.medical_aid_name`);

const statusEvents = orderedArray(`
  select json_object(
    'id', e.id, 'eventType', e.event_type,
    'description', case when e.note is null or e.note = '' then e.description
      else e.description || ': ' || e.note end,
    'createdAt', ${iso('e.created_at')}
  ) as item
  from status_events e where e.submission_id = s.id order by e.created_at, e.rowid`);

/** What staff asked the practitioner for, newest first, each with its scheme's name. */
const requests = orderedArray(`
  select json_object(
    'id', r.id, 'schemeName', m.medical_aid_name, 'request', r.request,
    'documentId', r.document_id, 'requestedAt', ${iso('r.requested_at')},
    'answeredAt', ${isoOrNull('r.answered_at')}, 'answerNote', r.answer_note
  ) as item
  from practitioner_requests r join medical_aid_statuses m on m.id = r.status_id
  where r.submission_id = s.id order by r.requested_at desc, r.rowid desc`);

/** The submission's schemes that have a posting checklist in the catalogue (issue 26). */
const postingChecklists = orderedArray(`
  select json_object('schemeName', m.medical_aid_name, 'checklist', json(c.posting_checklist))
    as item
  from medical_aid_statuses m join catalogue_schemes c on c.key = m.scheme_key
  where m.submission_id = s.id and c.posting_checklist is not null
  order by m.medical_aid_name`);

// The practitioner's ID number is left out on purpose (docs/decisions/005-privacy.md). The
// contact card is the submission's own copy of the details (decision 016).
export const TRACKING_JSON_SQL = `select
  '{"practitioner":' || json_object(
    'firstName', s.first_name, 'lastName', s.last_name, 'email', s.email, 'phone', s.phone,
    'specialization', s.specialization) ||
  ',"submission":' || json_object(
    'id', s.id, 'status', s.status,
    'createdAt', ${iso('s.created_at')}, 'updatedAt', ${iso('s.updated_at')},
    'trackingToken', s.tracking_token,
    'reference', coalesce(s.reference, ''),
    'practiceType', s.practice_type, 'practiceNumber', s.practice_number,
    'hpcsaNumber', s.hpcsa_number,
    'selectedParents', json(s.selected_parents), 'selectedSchemes', json(s.selected_schemes),
    'contractPreferences', json(s.contract_preferences),
    'interestedInContracts', ${bool('s.interested_in_contracts')},
    'additionalNotes', s.additional_notes) ||
  ',"documents":' || ${documents} ||
  ',"documentsToReplace":' || ${documentsToReplace} ||
  ',"documentsToRenew":' || ${documentsToRenew} ||
  ',"validityRules":' || ${validityRules} ||
  ',"medicalAidStatuses":' || ${schemeStatuses} ||
  ',"statusEvents":' || ${statusEvents} ||
  ',"requests":' || ${requests} ||
  ',"postingChecklists":' || ${postingChecklists} || '}' as body
from submissions s where s.tracking_token = ?`;

/** The tracking response for token as JSON text, or null when no submission has it. */
export async function trackingJson(
  reads: PreparedReads,
  token: string,
): Promise<JsonText<TrackingResponse> | null> {
  if (!isWellFormedTrackingToken(token)) return null;
  const body = await reads.firstValue(TRACKING_JSON_SQL, [token]);
  return typeof body === 'string' ? (body as JsonText<TrackingResponse>) : null;
}
