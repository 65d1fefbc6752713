// Finding 10 and issue 25: staff sign-ins (right and wrong, never the password) and every
// document link issued to staff — each one the detail view carries as well as View/download —
// are in the security log, which keeps them after the submission is deleted and refuses to be
// rewritten.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents } from '../../schema/db.ts';
import type { SecurityLogEntry } from '../../schema/security-log-api.ts';
import { findStaffByEmail } from '../services/staff-accounts/staff-accounts.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import {
  addStaff,
  STAFF_EMAIL,
  STAFF_PASSWORD,
  seedSubmission,
} from '../testing/staff-fixtures.ts';
import { staffRequest } from '../testing/staff-requests.ts';
import { login, signIn } from '../testing/staff-sign-in.ts';

let t: TestApp;
let staffId: string;
beforeAll(async () => {
  t = await createTestApp();
  await addStaff(t);
  staffId = (await findStaffByEmail(t.deps.db, STAFF_EMAIL))!.id;
});
afterAll(() => t.dispose());

const entries = (action: string) =>
  t.deps.db.select().from(securityEvents).where(eq(securityEvents.action, action));

describe('the security log', () => {
  it('records staff sign-ins, right and wrong, without the password or a typed e-mail', async () => {
    expect((await login(t, STAFF_EMAIL, 'wrong password')).status).toBe(401);
    expect((await login(t, 'nobody@bureau.co.za', 'wrong password')).status).toBe(401);
    expect((await login(t)).status).toBe(200);

    const failed = await entries('staff_login_failed');
    expect(failed.map((e) => [e.actorType, e.actorId, e.entityId])).toEqual([
      ['staff', staffId, staffId],
      ['anonymous', null, 'unknown'],
    ]);
    const [ok] = await entries('staff_login');
    expect(ok).toMatchObject({ actorType: 'staff', actorId: staffId, entityType: 'staff_user' });
    const all = JSON.stringify(await t.deps.db.select().from(securityEvents));
    expect(all).not.toContain('wrong password');
    expect(all).not.toContain(STAFF_PASSWORD);
    expect(all).not.toContain('nobody@bureau.co.za');
    expect(all).not.toContain(STAFF_EMAIL);
  });

  it('records one entry per link the detail view issues, and the export lists them after the deletion', async () => {
    const seeded = await seedSubmission(t);
    expect(seeded.documentIds.length).toBeGreaterThan(1);
    const cookie = await signIn(t);
    const before = (await entries('document_link_issued')).length;

    const res = await staffRequest(t, cookie, `/api/admin/submissions/${seeded.submissionId}`);
    expect(res.status).toBe(200);
    const detail = (await res.json()) as { documents: { id: string; downloadUrl: string }[] };
    const links = detail.documents.filter((d) => d.downloadUrl);
    const issued = (await entries('document_link_issued')).slice(before);
    expect(issued.map((e) => e.entityId).sort()).toEqual(links.map((d) => d.id).sort());
    expect(issued.every((e) => e.submissionId === seeded.submissionId)).toBe(true);
    expect(issued.every((e) => e.actorId === staffId)).toBe(true);

    const one = seeded.documentIds[0]!;
    expect((await staffRequest(t, cookie, `/api/admin/documents/${one}/download`)).status).toBe(
      200,
    );
    expect(
      (
        await staffRequest(t, cookie, `/api/admin/submissions/${seeded.submissionId}`, {
          method: 'DELETE',
        })
      ).status,
    ).toBe(200);

    const exported = await staffRequest(t, cookie, '/api/admin/security-log/export?format=json');
    expect(exported.status).toBe(200);
    expect(exported.headers.get('Content-Disposition')).toContain('attachment');
    const log = (await exported.json()) as SecurityLogEntry[];
    const about = log.filter((e) => e.submissionId === seeded.submissionId);
    expect(about.map((e) => e.action)).toEqual([
      ...links.map(() => 'document_link_issued'),
      'document_link_issued',
      'submission_deleted',
    ]);
    expect(about.filter((e) => e.entityId === one)).toHaveLength(2);
    expect(about[0]).toMatchObject({ actorType: 'staff', actorEmail: STAFF_EMAIL });

    const csv = await staffRequest(t, cookie, '/api/admin/security-log/export?format=csv');
    expect(csv.headers.get('Content-Type')).toContain('text/csv');
    const text = await csv.text();
    for (const d of links) expect(text).toContain(d.id);
  });

  it('refuses to change or remove an entry or a link of its chain, by its triggers', async () => {
    // Each refusal is the trigger's own (a missing table or a typo would fail otherwise).
    const refusal = async (statement: Promise<unknown>, message: string) => {
      const error = await statement.then(
        () => null,
        (e: unknown) => e,
      );
      expect(String((error as Error | null)?.cause ?? error)).toContain(message);
    };
    const before = await t.deps.db.select().from(securityEvents);
    expect(before.length).toBeGreaterThan(0);
    const log = 'the security log is append-only';
    await refusal(t.deps.db.update(securityEvents).set({ action: 'nothing' }), log);
    await refusal(t.deps.db.delete(securityEvents), log);
    await refusal(t.deps.db.run(sql`delete from security_events`), log);
    expect(await t.deps.db.select().from(securityEvents)).toEqual(before);
    const chain = 'the security log chain is append-only';
    await refusal(t.deps.db.run(sql`update security_log_chain set hash = 'x'`), chain);
    await refusal(t.deps.db.run(sql`delete from security_log_chain`), chain);
    // After every migration the triggers are there (a table rebuild would drop them).
    const triggers = await t.deps.db.all<{ name: string; tbl_name: string }>(
      sql`select name, tbl_name from sqlite_master where type = 'trigger' and tbl_name in ('security_events', 'security_log_chain') order by name`,
    );
    expect(triggers).toEqual([
      { name: 'security_events_no_delete', tbl_name: 'security_events' },
      { name: 'security_events_no_update', tbl_name: 'security_events' },
      { name: 'security_log_chain_no_delete', tbl_name: 'security_log_chain' },
      { name: 'security_log_chain_no_update', tbl_name: 'security_log_chain' },
    ]);
  });

  it('is for staff only, page by page', async () => {
    expect((await t.request('/api/admin/security-log')).status).toBe(401);
    expect((await t.request('/api/admin/security-log/export')).status).toBe(401);
    const cookie = await signIn(t);
    const first = await staffRequest(t, cookie, '/api/admin/security-log?limit=2');
    expect(first.status).toBe(200);
    const page = (await first.json()) as SecurityLogEntry[];
    expect(page).toHaveLength(2);
    const cursor = first.headers.get('X-Next-Cursor');
    expect(cursor).toBe(page[1]!.id);
    const next = await staffRequest(t, cookie, `/api/admin/security-log?limit=2&cursor=${cursor}`);
    const second = (await next.json()) as SecurityLogEntry[];
    expect(second.map((e) => e.id)).not.toContain(page[0]!.id);
    expect(second.map((e) => e.id)).not.toContain(page[1]!.id);
    expect((await staffRequest(t, cookie, '/api/admin/security-log?limit=5000')).status).toBe(400);
  });
});
