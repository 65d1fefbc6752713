// Set-up links from the dashboard: staff see who has not set up two-step sign-in and whose
// link is waiting, and issue a new link that opens the set-up (and only for such an account);
// each issue is in the security log with who issued it, never the link.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, securityEvents, staffUsers } from '../../schema/db.ts';
import { staffSetUpStatus } from '../../schema/staff-setup-api.ts';
import { setStaffDisabled } from '../services/staff-accounts/staff-accounts.ts';
import { createTestApp, manualClock, type TestApp } from '../testing/harness.ts';
import { addStaff, STAFF_EMAIL, STAFF_PASSWORD } from '../testing/staff-fixtures.ts';
import { login, signIn } from '../testing/staff-sign-in.ts';

const clock = manualClock(new Date('2026-04-01T08:00:00Z'));
let t: TestApp;
let cookie = '';
beforeAll(async () => {
  t = await createTestApp({ clock });
  await addStaff(t);
  await addStaff(t, 'new.clerk@bureau.co.za', STAFF_PASSWORD, { enrolled: false });
  await addStaff(t, 'gone.clerk@bureau.co.za', STAFF_PASSWORD, { enrolled: false });
  await setStaffDisabled(t.deps.db, 'gone.clerk@bureau.co.za', true);
  cookie = await signIn(t);
});
afterAll(() => t.dispose());

const asStaff = (path: string, init: RequestInit = {}) =>
  t.request(path, { ...init, headers: { Cookie: cookie } });
const statuses = async () => {
  const res = await asStaff('/api/admin/staff-accounts');
  expect(res.status).toBe(200);
  return ((await res.json()) as unknown[]).map((s) => staffSetUpStatus.parse(s));
};

describe('set-up links in the dashboard', () => {
  it('lists who has set up two-step sign-in and whose link waits, and issues a working link', async () => {
    const before = await statuses();
    expect(
      before.map(({ email, enrolled, setUpLinkExpiresAt }) => ({
        email,
        enrolled,
        setUpLinkExpiresAt,
      })),
    ).toEqual([
      { email: 'gone.clerk@bureau.co.za', enrolled: false, setUpLinkExpiresAt: null },
      { email: 'new.clerk@bureau.co.za', enrolled: false, setUpLinkExpiresAt: null },
      { email: STAFF_EMAIL, enrolled: true, setUpLinkExpiresAt: null },
    ]);
    const clerk = before.find((s) => s.email === 'new.clerk@bureau.co.za')!;

    const res = await asStaff(`/api/admin/staff-accounts/${clerk.id}/set-up-link`, {
      method: 'POST',
    });
    expect(res.status).toBe(201);
    const { link, expiresAt } = (await res.json()) as { link: string; expiresAt: string };
    expect(expiresAt).toBe('2026-04-02T08:00:00.000Z');
    const enrolmentCode = new URL(link).searchParams.get('enrol')!;
    expect((await statuses()).find((s) => s.id === clerk.id)?.setUpLinkExpiresAt).toBe(expiresAt);

    // The link opens the set-up for that account (the password alone does not).
    const start = await login(t, 'new.clerk@bureau.co.za', STAFF_PASSWORD, {
      totp: null,
      enrolmentCode,
    });
    expect((await start.json()).error.code).toBe('totp_enrolment_required');
    // The owner is told a link was issued (it replaced any earlier one), without the link.
    const told = await t.deps.db
      .select({ subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'new.clerk@bureau.co.za'));
    expect(told.map((m) => m.subject)).toEqual([
      expect.stringContaining('a set-up link was issued for your account'),
    ]);

    // After its day it is no longer listed as waiting.
    clock.advance(24 * 60 * 60_000 + 1);
    cookie = await signIn(t);
    expect((await statuses()).find((s) => s.id === clerk.id)?.setUpLinkExpiresAt).toBeNull();

    const [entry] = await t.deps.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.action, 'staff_enrolment_code_issued'));
    expect(entry).toMatchObject({ actorType: 'staff', entityId: clerk.id });
    expect(JSON.stringify(entry)).not.toContain(enrolmentCode);
  });

  it('refuses a link for a disabled account (409), writing nothing and opening no set-up', async () => {
    const gone = (await statuses()).find((s) => s.email === 'gone.clerk@bureau.co.za')!;
    const res = await asStaff(`/api/admin/staff-accounts/${gone.id}/set-up-link`, {
      method: 'POST',
    });
    expect(res.status).toBe(409);
    expect((await res.json()).error.code).toBe('account_disabled');
    const [row] = await t.deps.db
      .select({ hash: staffUsers.enrolmentCodeHash })
      .from(staffUsers)
      .where(eq(staffUsers.id, gone.id));
    expect(row?.hash).toBeNull();
    const entries = await t.deps.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.entityId, gone.id));
    expect(entries).toEqual([]);
    expect(
      await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'gone.clerk@bureau.co.za')),
    ).toEqual([]);
  });

  it('refuses a link for an account set up already (409) or unknown (404), writing nothing', async () => {
    const staff = (await statuses()).find((s) => s.email === STAFF_EMAIL)!;
    const set = await asStaff(`/api/admin/staff-accounts/${staff.id}/set-up-link`, {
      method: 'POST',
    });
    expect(set.status).toBe(409);
    expect((await set.json()).error.code).toBe('already_set_up');
    const unknown = await asStaff(`/api/admin/staff-accounts/${crypto.randomUUID()}/set-up-link`, {
      method: 'POST',
    });
    expect(unknown.status).toBe(404);
    const entries = await t.deps.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.entityId, staff.id));
    expect(entries.filter((e) => e.action === 'staff_enrolment_code_issued')).toEqual([]);
  });
});
