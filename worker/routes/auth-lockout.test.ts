// Finding 4 of the security audit (decision 069): strangers' wrong passwords must not lock a
// staff member out. A browser that has signed in before is counted on its own, and a
// completed password reset clears the account's counter (LOGIN_RATE_LIMIT=3 here).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets } from '../../schema/db.ts';
import { hashSecret, randomSecret } from '../crypto/secret-tokens.ts';
import { findStaffByEmail } from '../services/staff-accounts/staff-accounts.ts';
import { createTestApp, manualClock, type TestApp } from '../testing/harness.ts';
import { addStaff, STAFF_PASSWORD } from '../testing/staff-fixtures.ts';
import { cookieOf, login } from '../testing/staff-sign-in.ts';

const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { LOGIN_RATE_LIMIT: '3' } });
});
afterAll(() => t.dispose());

/** Wrong passwords from as many addresses as it takes to fill the account's counter. */
async function attack(email: string, attempts = 6) {
  for (let i = 0; i < attempts; i++) {
    const res = await login(t, email, `wrong password ${i}`, { client: `botnet-${email}-${i}` });
    expect([401, 429]).toContain(res.status);
  }
}

describe('staff lock-out on demand', () => {
  it('still locks the account for a browser that never signed in to it', async () => {
    await addStaff(t, 'new-desk@bureau.co.za');
    await attack('new-desk@bureau.co.za');
    const res = await login(t, 'new-desk@bureau.co.za', STAFF_PASSWORD, { client: 'new-desk' });
    expect(res.status).toBe(429);
  });

  it("lets the staff member's own browser sign in while strangers fill the account's counter", async () => {
    const email = 'own-desk@bureau.co.za';
    await addStaff(t, email);
    const first = await login(t, email, STAFF_PASSWORD, { client: 'own-desk' });
    expect(first.status).toBe(200);
    const device = cookieOf(first, 'portal_device');
    expect(device).not.toBeNull();
    const header = first.headers.getSetCookie().find((h) => h.startsWith('portal_device='))!;
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Strict/);
    expect(header).toMatch(/Path=\/api\/auth/);

    await attack(email);
    // The same browser, even from another address (a phone moving between networks).
    const again = await login(t, email, STAFF_PASSWORD, { client: 'own-phone', cookie: device! });
    expect(again.status).toBe(200);
  });

  it('counts failures from a known browser against that browser, up to the limit', async () => {
    const email = 'careless@bureau.co.za';
    await addStaff(t, email);
    const device = cookieOf(
      await login(t, email, STAFF_PASSWORD, { client: 'careless' }),
      'portal_device',
    )!;
    for (let i = 0; i < 3; i++) {
      const res = await login(t, email, 'wrong password', { client: `roam-${i}`, cookie: device });
      expect(res.status).toBe(401);
    }
    const res = await login(t, email, STAFF_PASSWORD, { client: 'roam-9', cookie: device });
    expect(res.status).toBe(429);
  });

  it('does not trust a device cookie of another account or a forged one', async () => {
    await addStaff(t, 'victim@bureau.co.za');
    await addStaff(t, 'insider@bureau.co.za');
    const insider = cookieOf(
      await login(t, 'insider@bureau.co.za', STAFF_PASSWORD, { client: 'insider' }),
      'portal_device',
    )!;
    const [, deviceId, , mac] = /^portal_device=([^.]+)\.([^.]+)\.(.+)$/.exec(insider)!;
    const forged = `portal_device=${deviceId}.${await hashSecret('victim@bureau.co.za')}.${mac}`;
    await attack('victim@bureau.co.za');
    for (const cookie of [insider, forged]) {
      const res = await login(t, 'victim@bureau.co.za', STAFF_PASSWORD, {
        client: `insider-${cookie.length}`,
        cookie,
      });
      expect(res.status).toBe(429);
    }
  });

  it("lets a completed password reset clear the account's counter", async () => {
    const email = 'reset-me@bureau.co.za';
    await addStaff(t, email);
    await attack(email);
    expect((await login(t, email, STAFF_PASSWORD, { client: 'fresh' })).status).toBe(429);

    const account = await findStaffByEmail(t.deps.db, email);
    const token = randomSecret();
    const now = clock.now();
    await t.deps.db.insert(passwordResets).values({
      tokenHash: await hashSecret(token),
      staffUserId: account!.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
    });
    const newPassword = 'a brand new staple battery';
    const reset = await t.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, password: newPassword },
    });
    expect(reset.status).toBe(200);
    expect((await login(t, email, newPassword, { client: 'fresh-2' })).status).toBe(200);
  });
});
