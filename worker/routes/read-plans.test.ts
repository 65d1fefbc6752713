// The reads that must cost the same with 1,000 or 100,000 applications (issue 28, decision
// 103): every statement each one runs is planned by SQLite with no SCAN of a table that grows
// with the work. The statements are the real ones, caught at the database client as the app
// runs them (and at its prepared reads); their plans come from EXPLAIN QUERY PLAN on the same
// database.
import type { Client, InStatement } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, manualClock, type TestApp } from '../testing/harness.ts';
import { addStaff, type SeededSubmission, seedSubmission } from '../testing/staff-fixtures.ts';
import { UNKNOWN_ID } from '../testing/staff-requests.ts';
import { signIn } from '../testing/staff-sign-in.ts';

/** Tables that stay small whatever the number of applications (staff, catalogue, counts, a rule per section). */
const SMALL =
  /^(staff_\w+|sessions|dashboard_counts|medical_aid_administrators|medical_aids|schemes\w*|registration_form\w*|document_validity_rules|desk_settings|__drizzle_migrations)$/;

/** The libSQL client under drizzle (its type leaves $client out). */
const clientOf = (t: TestApp) => (t.deps.db as unknown as { $client: Client }).$client;

const statementsOf = (statement: InStatement) =>
  typeof statement === 'string'
    ? { sql: statement, args: [] }
    : { sql: statement.sql, args: statement.args ?? [] };

describe('read plans', () => {
  let t: TestApp;
  let cookie: string;
  let dlamini: SeededSubmission;
  const seen: { sql: string; args: unknown }[] = [];

  beforeAll(async () => {
    t = await createTestApp({ clock: manualClock() });
    await addStaff(t);
    cookie = await signIn(t);
    dlamini = await seedSubmission(t, {
      firstName: 'Anele',
      lastName: 'Dlamini',
      email: 'anele.dlamini@example.co.za',
      practiceNumber: '7654321',
    });
    for (let i = 0; i < 20; i++) await seedSubmission(t, { lastName: `Surname${i}` });
    // Every statement the app sends from here on, as drizzle hands it to the client.
    const client = clientOf(t);
    const execute = client.execute.bind(client);
    client.execute = ((statement: InStatement) => {
      seen.push(statementsOf(statement));
      return execute(statement);
    }) as typeof client.execute;
    // And the kept statements of the busiest reads (decision 105), on their own connection.
    const { reads } = t.deps;
    const firstValue = reads.firstValue.bind(reads);
    reads.firstValue = (sql, args) => {
      seen.push({ sql, args: [...args] });
      return firstValue(sql, args);
    };
  });
  afterAll(() => t.dispose());

  /** The SCANs of large tables in the plans of every statement `read` runs. */
  async function plansOf(read: () => Response | Promise<Response>): Promise<string[]> {
    seen.length = 0;
    const res = await read();
    expect(res.status).toBe(200);
    const statements = [...seen].filter((s) => /^\s*select/i.test(s.sql));
    expect(statements.length).toBeGreaterThan(0);
    const scans: string[] = [];
    for (const s of statements) {
      const plan = await clientOf(t).execute({
        sql: `EXPLAIN QUERY PLAN ${s.sql}`,
        args: s.args as never,
      });
      const lines = plan.rows.map((row) => String(row.detail));
      // Newest first with nothing filtered: an ordered index walk that stops after LIMIT rows.
      const walkToLimit =
        !/\swhere\s/i.test(s.sql) &&
        /\slimit\s/i.test(s.sql) &&
        !lines.some((line) => line.includes('TEMP B-TREE'));
      scans.push(...lines.filter((line) => isScanOfLargeTable(line, s.sql, walkToLimit)));
    }
    return scans;
  }

  /** A SCAN of a table that grows with the work (a virtual table's MATCH is a lookup). */
  function isScanOfLargeTable(line: string, sql: string, walkToLimit: boolean): boolean {
    const scanned = /^SCAN (\w+)/.exec(line)?.[1];
    if (!scanned) return false;
    // The plan names a table by its alias in the statement, where it has one.
    const aliased = new RegExp(`(?:from|join)\\s+"?(\\w+)"?\\s+(?:as\\s+)?"?${scanned}"?\\b`, 'i');
    if (SMALL.test(aliased.exec(sql)?.[1] ?? scanned)) return false;
    if (/VIRTUAL TABLE INDEX \d+:M/.test(line)) return false;
    return !(walkToLimit && / USING (COVERING )?INDEX /.test(line));
  }

  const asStaff = (path: string) => () => t.request(path, { headers: { Cookie: cookie } });
  const lookup = (identifier: string, identifierType: string) => () =>
    t.request('/api/lookup', { method: 'POST', json: { identifier, identifierType } });

  const reads: [string, () => () => Response | Promise<Response>][] = [
    ['tracking GET', () => () => t.request(`/api/submissions/${dlamini.trackingToken}`)],
    ['lookup by practice number', () => lookup('7654321', 'practice_number')],
    ['lookup by ID number', () => lookup('8001015009087', 'id_number')],
    ['stats', () => asStaff('/api/admin/stats')],
    ['first list page', () => asStaff('/api/admin/submissions')],
    ['first page of one status', () => asStaff('/api/admin/submissions?status=pending')],
    ['search by surname', () => asStaff('/api/admin/submissions?q=dlamini')],
    ['search by e-mail fragment', () => asStaff('/api/admin/submissions?q=anele.dl')],
    ['search by reference', () => asStaff(`/api/admin/submissions?q=${dlamini.reference}`)],
    ['detail view', () => asStaff(`/api/admin/submissions/${dlamini.submissionId}`)],
    // A practice has tens of submissions: its list reads them through the link's index.
    ["one practice's list", () => asStaff(`/api/admin/submissions?practiceId=${UNKNOWN_ID}`)],
  ];

  for (const [name, read] of reads) {
    it(`${name}: no SCAN of a large table`, async () => {
      expect(await plansOf(read())).toEqual([]);
    });
  }

  it('finds by the index what the search always found', async () => {
    const surnames = async (q: string) => {
      const res = await asStaff(`/api/admin/submissions?q=${encodeURIComponent(q)}`)();
      return (await res.json()).map(
        (i: { practitioner: { lastName: string } }) => i.practitioner.lastName,
      );
    };
    expect(await surnames('DLAMINI')).toEqual(['Dlamini']);
    expect(await surnames('e dl')).toEqual(['Dlamini']);
    expect(await surnames('ANELE.DLAMINI@EXAMPLE')).toEqual(['Dlamini']);
    expect(await surnames('"dlamini"')).toEqual([]);
    const ones = Array.from({ length: 10 }, (_, i) => `Surname1${i}`);
    expect((await surnames('surname1')).sort()).toEqual(['Surname1', ...ones].sort());
  });
});
