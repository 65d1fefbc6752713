// Staff MFA for the ADMIN_EMAIL account made at start (decision 070): a one-time set-up link
// when no ADMIN_TOTP_SECRET is given, an account already enrolled when one is.
import { describe, expect, it } from 'vitest';
import { totpCode } from '../crypto/totp.ts';
import { adminEnrolmentLinkAtStart } from '../services/staff-accounts/staff-enrolment.ts';
import { createTestApp } from '../testing/harness.ts';
import { login } from '../testing/staff-sign-in.ts';

const errorCode = async (res: Response) =>
  ((await res.json()) as { error: { code: string } }).error.code;

describe('the ADMIN_EMAIL account without ADMIN_TOTP_SECRET', () => {
  it('gets a one-time set-up link at the start, and its password alone sets nothing up', async () => {
    const env = { ADMIN_EMAIL: 'director@bureau.co.za', ADMIN_PASSWORD: 'first setup staple 42' };
    const admin = await createTestApp({ env });
    try {
      const alone = await login(admin, env.ADMIN_EMAIL, env.ADMIN_PASSWORD, { totp: null });
      expect(await errorCode(alone)).toBe('enrolment_code_required');
      const link = await adminEnrolmentLinkAtStart(admin.deps);
      expect(link).toMatch(/\/dashboard\/login\?enrol=[\w-]{43}$/);
      const enrolmentCode = decodeURIComponent(new URL(link!).searchParams.get('enrol')!);
      const started = await login(admin, env.ADMIN_EMAIL, env.ADMIN_PASSWORD, {
        totp: null,
        enrolmentCode,
      });
      const { secret } = (await started.json()).enrolment as { secret: string };
      const done = await login(admin, env.ADMIN_EMAIL, env.ADMIN_PASSWORD, {
        totp: totpCode(secret, admin.deps.clock.now()),
        enrolmentCode,
      });
      expect(done.status).toBe(200);
      // Enrolled: the next start prints nothing.
      expect(await adminEnrolmentLinkAtStart(admin.deps)).toBeNull();
    } finally {
      await admin.dispose();
    }
  });
});

describe('ADMIN_TOTP_SECRET', () => {
  it('creates the ADMIN_EMAIL account already enrolled with that secret', async () => {
    const env = {
      ADMIN_EMAIL: 'owner@bureau.co.za',
      ADMIN_PASSWORD: 'first setup staple 42',
      ADMIN_TOTP_SECRET: 'kvkf kru2 ifhe gs2k jbcu wtrq jvgu ',
    };
    const admin = await createTestApp({ env });
    try {
      const asked = await login(admin, env.ADMIN_EMAIL, env.ADMIN_PASSWORD, { totp: null });
      expect(await errorCode(asked)).toBe('totp_required');
      const res = await login(admin, env.ADMIN_EMAIL, env.ADMIN_PASSWORD, {
        totp: totpCode('KVKFKRU2IFHEGS2KJBCUWTRQJVGU', admin.deps.clock.now()),
      });
      expect(res.status).toBe(200);
    } finally {
      await admin.dispose();
    }
  });

  it('refuses to start with a secret that is not base32', async () => {
    await expect(
      createTestApp({
        env: {
          ADMIN_EMAIL: 'a@bureau.co.za',
          ADMIN_PASSWORD: 'first setup staple 42',
          ADMIN_TOTP_SECRET: 'not-base32-at-all-01',
        },
      }),
    ).rejects.toThrow('ADMIN_TOTP_SECRET must be base32');
  });
});
