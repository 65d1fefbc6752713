// The growth rows' data: a dozen real applications sent through the API (documents uploaded,
// then reviewed by staff: a document rejected and replaced, statuses set), then multiplied by
// SQL into distinct practitioners over 3 years, in the server's own database file while it
// runs. Every copy goes through the tables' triggers like any insert, so the search index and
// the kept counts grow as they would with real applications.
import type { Client } from '@libsql/client';
import {
  buildApplication,
  postSubmission,
  saIdNumber,
  uploadDocument,
} from '../worker/testing/fixtures.ts';
import { httpClientFor } from './api.ts';

export const REAL = 12;
const THREE_YEARS = 3 * 365 * 24 * 60 * 60_000;
const FIRST_NAMES = ['Anele', 'Thabo', 'Priya', 'Johan', 'Lerato', 'Sipho', 'Fatima', 'Pieter'];
/** Two-letter syllables: every surname is four of them, one surname per practitioner. */
const SYLLABLES = 'bakomonesitueladiwezakalominupeirisotevuyo';
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The surname of application number i (0-based over all, real ones included). */
export function surnameOf(i: number): string {
  // A multiplicative step spreads neighbouring numbers over the 20^4 names.
  let n = (i * 7919 + 13) % 160_000;
  let word = '';
  for (let s = 0; s < 4; s++) {
    const at = (n % 20) * 2;
    word += SYLLABLES.slice(at, at + 2);
    n = Math.floor(n / 20);
  }
  return word[0]!.toUpperCase() + word.slice(1);
}

export type RealApplication = {
  token: string;
  submissionId: string;
  reference: string;
  practiceNumber: string;
  idNumber: string;
  surname: string;
  email: string;
};

type Staff = (path: string, init?: RequestInit & { json?: unknown }) => Promise<Response>;

/** The dozen real ones, each reviewed; every third has a document rejected and replaced. */
export async function seedRealApplications(
  origin: string,
  staff: Staff,
): Promise<RealApplication[]> {
  const httpClient = httpClientFor(origin);
  const real: RealApplication[] = [];
  for (let i = 0; i < REAL; i++) {
    const surname = surnameOf(i);
    const firstName = FIRST_NAMES[i % FIRST_NAMES.length]!;
    const email = `${firstName}.${surname}@example.co.za`.toLowerCase();
    const idNumber = saIdNumber('800101', String(2000 + i));
    const payload = await buildApplication(httpClient, {
      practitioner: { firstName, lastName: surname, email, idNumber },
    });
    const res = await postSubmission(httpClient, payload);
    if (res.status !== 201) throw new Error(`submit: ${res.status} ${await res.text()}`);
    const { trackingToken: token } = (await res.json()) as { trackingToken: string };
    const view = (await (await httpClient.request(`/api/submissions/${token}`)).json()) as {
      submission: { id: string; reference: string; practiceNumber: string };
      documents: { id: string; sectionKey: string }[];
    };
    const id = view.submission.id;
    await expectOk(
      staff(`/api/admin/submissions/${id}`, { method: 'PATCH', json: { status: 'under_review' } }),
    );
    const [first, ...rest] = view.documents;
    for (const doc of rest) {
      await expectOk(
        staff(`/api/admin/documents/${doc.id}`, { method: 'PATCH', json: { status: 'approved' } }),
      );
    }
    if (first && i % 3 === 0) {
      await expectOk(
        staff(`/api/admin/documents/${first.id}`, {
          method: 'PATCH',
          json: { status: 'rejected', reason: 'The stamp is not readable' },
        }),
      );
      const upload = await uploadDocument(httpClient, first.sectionKey);
      const { url, name, size, type } = upload;
      await expectOk(
        httpClient.request(`/api/submissions/${token}/documents/${first.id}/replacement`, {
          method: 'POST',
          json: { url, name, size, type },
        }),
      );
    }
    real.push({
      token,
      submissionId: id,
      reference: view.submission.reference,
      practiceNumber: view.submission.practiceNumber,
      idNumber,
      surname,
      email,
    });
  }
  return real;
}

async function expectOk(response: Response | Promise<Response>) {
  const res = await response;
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  await res.body?.cancel();
}

/** A reference no real one has (they are random): copies are numbered from the top down. */
function referenceOf(i: number): string {
  let n = 32 ** 8 - 1 - i;
  let s = '';
  for (let c = 0; c < 8; c++) {
    s = ALPHABET[n % 32] + s;
    n = Math.floor(n / 32);
  }
  return `${s.slice(0, 4)}-${s.slice(4)}`;
}

const sqlText = (s: string) => `'${s.replaceAll("'", "''")}'`;

/**
 * Copies the real applications until there are `total`, numbering copies from `have`. Each
 * copy is a new practitioner (own ID number, e-mail, surname, practice number) with its
 * submission, documents, scheme statuses, events, consent and audit rows, created at a time
 * spread over the 3 years before `now`.
 */
export async function multiplyTo(
  db: Client,
  real: RealApplication[],
  have: number,
  total: number,
  now: number,
) {
  const CHUNK = 2000;
  for (let from = have; from < total; from += CHUNK) {
    const to = Math.min(total, from + CHUNK);
    const numbers = Array.from({ length: to - from }, (_, j) => from + j);
    const values = numbers
      .map((i) => {
        const surname = surnameOf(i);
        const firstName = FIRST_NAMES[i % FIRST_NAMES.length]!;
        const created = now - Math.floor((((i * 7_654_321) % 1_000_003) / 1_000_003) * THREE_YEARS);
        return `(${i}, ${sqlText(real[i % REAL]!.submissionId)}, ${sqlText(firstName)}, ${sqlText(surname)}, ${sqlText(`${firstName}.${surname}@example.co.za`.toLowerCase())}, ${sqlText(referenceOf(i))}, ${created})`;
      })
      .join(',\n');
    const copies = `copies(i, original, first_name, last_name, email, reference, created_at) AS (VALUES ${values})`;
    await db.batch(
      [
        `INSERT INTO practitioners
         WITH ${copies} SELECT ${columnsOf.practitioners}
         FROM copies JOIN submissions s ON s.id = copies.original JOIN practitioners p ON p.id = s.practitioner_id`,
        `INSERT INTO submissions
         WITH ${copies} SELECT ${columnsOf.submissions}
         FROM copies JOIN submissions s ON s.id = copies.original`,
        ...[
          'documents',
          'medical_aid_statuses',
          'status_events',
          'consent_records',
          'audit_logs',
        ].map(
          (table) => `INSERT INTO ${table} WITH ${copies} SELECT ${columnsOf.child(table)}
           FROM copies JOIN ${table} c ON c.submission_id = copies.original`,
        ),
      ],
      'write',
    );
  }
}

/** Column lists for the copies, filled in by prepareColumns from the live schema. */
const columnsOf = {
  practitioners: '',
  submissions: '',
  byTable: new Map<string, string>(),
  child(table: string) {
    return this.byTable.get(table)!;
  },
};

/**
 * Reads each copied table's columns and decides what a copy holds in each: ids, foreign keys
 * and unique values get the copy's number; the submission's own fields are the copy's.
 */
export async function prepareColumns(db: Client) {
  const own: Record<string, string> = {
    id: "s.id || '-' || copies.i",
    practitioner_id: "s.practitioner_id || '-' || copies.i",
    tracking_token: "'trk' || lower(hex(randomblob(16)))",
    first_name: 'copies.first_name',
    last_name: 'copies.last_name',
    email: 'copies.email',
    id_number: "printf('9%012d', copies.i)",
    practice_number: "printf('%07d', copies.i)",
    application_id: 'NULL',
    reference: 'copies.reference',
    created_at: 'copies.created_at',
    updated_at: 'copies.created_at',
  };
  const columns = async (table: string) =>
    (await db.execute(`SELECT name FROM pragma_table_info('${table}')`)).rows.map((r) =>
      String(r.name),
    );
  columnsOf.submissions = (await columns('submissions')).map((c) => own[c] ?? `s.${c}`).join(', ');
  const person: Record<string, string> = { ...own, id: "p.id || '-' || copies.i" };
  columnsOf.practitioners = (await columns('practitioners'))
    .map((c) => person[c] ?? `p.${c}`)
    .join(', ');
  for (const table of [
    'documents',
    'medical_aid_statuses',
    'status_events',
    'consent_records',
    'audit_logs',
  ]) {
    const keyed = new Set([
      'id',
      'submission_id',
      'replaces_document_id',
      'object_key',
      'entity_id',
    ]);
    const times = new Set([
      'created_at',
      'uploaded_at',
      'last_updated',
      'consented_at',
      'reviewed_at',
    ]);
    // Copies of the letters and ID copies are dated on their day, so their good-until dates
    // spread over the 3 years like the applications (SQLite's months, near enough for a bench).
    const dated = "c.section_key IN ('bank_proof', 'certified_id')";
    const day = "date(copies.created_at / 1000, 'unixepoch')";
    const list = (await columns(table)).map((c) => {
      if (table === 'documents' && c === 'validity_date')
        return `CASE WHEN ${dated} THEN ${day} ELSE c.${c} END`;
      if (table === 'documents' && c === 'good_until')
        return `CASE WHEN ${dated} THEN date(${day}, '+3 months') ELSE c.${c} END`;
      // Dated afresh by the reminder run's rows (reminder-run.ts), on the day they measure.
      if (table === 'documents' && c === 'next_reminder_day') return 'NULL';
      if (keyed.has(c))
        return `CASE WHEN c.${c} IS NULL THEN NULL ELSE c.${c} || '-' || copies.i END`;
      if (times.has(c)) return `CASE WHEN c.${c} IS NULL THEN NULL ELSE copies.created_at END`;
      return `c.${c}`;
    });
    columnsOf.byTable.set(table, list.join(', '));
  }
}
