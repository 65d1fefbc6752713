// Deleting a submission leaves nothing of it behind but the audit entry of the deletion and the
// security log's entries, which keep only that its ids were acted on.
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, mailOutbox } from '../../schema/db.ts';
import { manualClock } from '../testing/harness.ts';
import { seedSubmission } from '../testing/staff-fixtures.ts';
import { staffSession, UNKNOWN_ID } from '../testing/staff-requests.ts';

const clock = manualClock();
const staff = staffSession({ clock });

const asStaff = staff.request;
const detail = staff.detail;

describe('deleting a submission', () => {
  /** Every row of every table, as text, to search for traces of the deleted submission. */
  async function everyRow(): Promise<{ table: string; row: string }[]> {
    const tables = await staff.t.deps.db.all<{ name: string }>(
      sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%'`,
    );
    const rows: { table: string; row: string }[] = [];
    for (const { name } of tables) {
      const found = await staff.t.deps.db.all<Record<string, unknown>>(
        sql.raw(`select * from "${name}"`),
      );
      for (const row of found) rows.push({ table: name, row: JSON.stringify(row) });
    }
    return rows;
  }

  it('leaves no row and no stored byte behind, keeps the practitioner while another application remains, and records who deleted it', async () => {
    const first = await seedSubmission(staff.t, { firstName: 'Lindiwe', lastName: 'Zulu' });
    const second = await seedSubmission(staff.t, {
      practitionerId: first.practitionerId,
      email: first.email,
    });
    const bystander = await seedSubmission(staff.t);
    // Review activity adds events and audit entries that must go too.
    await asStaff(`/api/admin/documents/${first.documentIds[0]}`, {
      method: 'PATCH',
      json: { status: 'rejected', reason: 'Blurry' },
    });
    await asStaff(
      `/api/admin/submissions/${first.submissionId}/schemes/${first.schemeStatusIds[0]}`,
      {
        method: 'PATCH',
        json: { status: 'approved' },
      },
    );
    // The service must not rely on ON DELETE CASCADE.
    await staff.t.deps.db.run(sql`PRAGMA foreign_keys = OFF`);
    try {
      const res = await asStaff(`/api/admin/submissions/${first.submissionId}`, {
        method: 'DELETE',
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true });
    } finally {
      await staff.t.deps.db.run(sql`PRAGMA foreign_keys = ON`);
    }

    const traces = (await everyRow()).filter(
      ({ row }) =>
        row.includes(first.submissionId) ||
        row.includes(first.trackingToken) ||
        first.documentIds.some((id) => row.includes(id)) ||
        first.schemeStatusIds.some((id) => row.includes(id)) ||
        first.objectKeys.some((key) => row.includes(key)),
    );
    // The traces allowed: the audit entry of the deletion itself, and the security log, which
    // keeps that these ids were acted on (ids, actions, times) and nothing personal.
    const [audit, ...kept] = traces;
    expect(audit!.table).toBe('audit_logs');
    expect(audit!.row).toContain('submission_deleted');
    expect(kept.length).toBeGreaterThan(0);
    for (const { table, row } of kept) {
      expect(table).toBe('security_events');
      expect(row).not.toMatch(/Lindiwe|Zulu|@example\.co\.za|trk|\.pdf/);
      expect(row).not.toContain(first.trackingToken);
      for (const key of first.objectKeys) expect(row).not.toContain(key);
    }
    expect(kept.some(({ row }) => row.includes('submission_deleted'))).toBe(true);
    const [entry] = await staff.t.deps.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, first.submissionId));
    expect(entry).toMatchObject({
      action: 'submission_deleted',
      entityType: 'submission',
      submissionId: null,
      actor: 'staff@bureau.co.za',
      staffUserId: expect.any(String),
    });
    expect(JSON.stringify(entry)).not.toMatch(/Lindiwe|Zulu|@example\.co\.za|trk/);
    for (const key of first.objectKeys) expect(await staff.t.deps.store.head(key)).toBeNull();

    // The practitioner stays while their second application exists.
    expect((await everyRow()).some(({ row }) => row.includes(first.practitionerId))).toBe(true);
    expect((await detail(second.submissionId)).practitioner.firstName).toBe('Lindiwe');

    expect(
      (await asStaff(`/api/admin/submissions/${second.submissionId}`, { method: 'DELETE' })).status,
    ).toBe(200);
    const left = (await everyRow()).filter(
      ({ row }) =>
        row.includes(first.practitionerId) ||
        row.includes(first.email) ||
        row.includes('Lindiwe') ||
        row.includes(second.trackingToken) ||
        second.objectKeys.some((key) => row.includes(key)),
    );
    expect(left).toEqual([]);
    for (const key of second.objectKeys) expect(await staff.t.deps.store.head(key)).toBeNull();

    // Nothing of the other practitioner's application was touched.
    const untouched = await detail(bystander.submissionId);
    expect(untouched.documents).toHaveLength(2);
    for (const key of bystander.objectKeys)
      expect(await staff.t.deps.store.head(key)).not.toBeNull();
  });

  it('removes queued mail to the address the deleted submission was made with once nobody uses it', async () => {
    const first = await seedSubmission(staff.t, { email: 'earlier.address@example.co.za' });
    const second = await seedSubmission(staff.t, {
      practitionerId: first.practitionerId,
      email: 'later.address@example.co.za',
    });
    const now = staff.t.deps.clock.now();
    await staff.t.deps.db.insert(mailOutbox).values(
      ['Earlier.Address@example.co.za', 'Later.Address@example.co.za'].map((to) => ({
        id: crypto.randomUUID(),
        to,
        subject: 'About your application',
        text: 'A message that names no tracking token',
        createdAt: now,
      })),
    );
    const res = await asStaff(`/api/admin/submissions/${second.submissionId}`, {
      method: 'DELETE',
    });
    expect(res.status).toBe(200);
    const left = await staff.t.deps.db
      .select({ to: mailOutbox.to })
      .from(mailOutbox)
      .where(
        inArray(sql`lower(${mailOutbox.to})`, [
          'earlier.address@example.co.za',
          'later.address@example.co.za',
        ]),
      );
    // The earlier submission (and its practitioner) still use the earlier address.
    expect(left.map((m) => m.to.toLowerCase()).sort()).toEqual([
      'earlier.address@example.co.za',
      'earlier.address@example.co.za',
    ]);
  });

  it('answers 404 for an unknown id and records nothing', async () => {
    const before = await staff.t.deps.db.select().from(auditLogs);
    const res = await asStaff(`/api/admin/submissions/${UNKNOWN_ID}`, { method: 'DELETE' });
    expect(res.status).toBe(404);
    expect(await staff.t.deps.db.select().from(auditLogs)).toHaveLength(before.length);
  });

  it('updates the counts', async () => {
    const before = await (await asStaff('/api/admin/stats')).json();
    const seeded = await seedSubmission(staff.t);
    expect((await (await asStaff('/api/admin/stats')).json()).totalSubmissions).toBe(
      before.totalSubmissions + 1,
    );
    await asStaff(`/api/admin/submissions/${seeded.submissionId}`, { method: 'DELETE' });
    expect(await (await asStaff('/api/admin/stats')).json()).toEqual(before);
  });
});
