// Finding 10: staff sign-ins (right and wrong, never the password) and every document link
// a staff member asks for are in the audit log.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../schema/db.ts';
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
beforeAll(async () => {
  t = await createTestApp();
  await addStaff(t);
});
afterAll(() => t.dispose());

const entries = (action: string) =>
  t.deps.db.select().from(auditLogs).where(eq(auditLogs.action, action));

describe('the audit log', () => {
  it('records staff sign-ins, right and wrong, without the password', async () => {
    expect((await login(t, STAFF_EMAIL, 'wrong password')).status).toBe(401);
    expect((await login(t, 'nobody@bureau.co.za', 'wrong password')).status).toBe(401);
    expect((await login(t)).status).toBe(200);

    const failed = await entries('staff_login_failed');
    expect(failed.map((e) => [e.actor, e.entityType, e.staffUserId !== null])).toEqual([
      [STAFF_EMAIL, 'staff_user', true],
      ['unknown', 'staff_user', false],
    ]);
    const [ok] = await entries('staff_login');
    expect(ok).toMatchObject({ actor: STAFF_EMAIL, entityType: 'staff_user' });
    const all = JSON.stringify(await t.deps.db.select().from(auditLogs));
    expect(all).not.toContain('wrong password');
    expect(all).not.toContain(STAFF_PASSWORD);
    expect(all).not.toContain('nobody@bureau.co.za');
  });

  it('records who was given a download link to which document', async () => {
    const seeded = await seedSubmission(t);
    const cookie = await signIn(t);
    const documentId = seeded.documentIds[0]!;
    const res = await staffRequest(t, cookie, `/api/admin/documents/${documentId}/download`);
    expect(res.status).toBe(200);
    const [entry] = await entries('document_download_url_issued');
    expect(entry).toMatchObject({
      actor: STAFF_EMAIL,
      entityType: 'document',
      entityId: documentId,
      submissionId: seeded.submissionId,
    });
    expect(entry!.staffUserId).not.toBeNull();
  });
});
