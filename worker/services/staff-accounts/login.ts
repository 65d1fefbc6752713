// Staff sign-in. An unknown e-mail, a wrong password and a disabled account get the same
// answer after the same scrypt work, so neither the body nor the timing tells them apart.
// Failed attempts are counted per client address and per account; once either is over
// LOGIN_RATE_LIMIT in the 15-minute window, every attempt is refused before any checking.
// A browser that has signed in to the account before (a known device, decision 069) is counted
// per device instead of per account, so strangers' failures cannot lock its owner out.
// Then the TOTP code of the account (staff-mfa.ts, decision 070); a wrong code counts like a
// wrong password. Each attempt is counted before the password is checked and given back when it was right,
// so a burst of simultaneous guesses cannot all slip past the limit before any is counted.
import { eq } from 'drizzle-orm';
import { staffUsers } from '../../../schema/db.ts';
import {
  dummyPasswordHash,
  hashPassword,
  needsRehash,
  verifyPassword,
} from '../../crypto/passwords.ts';
import type { Deps } from '../../deps.ts';
import { deliverAll } from '../notices/mail-outbox.ts';
import {
  consumeBoth,
  LOGIN_ACCOUNT_BUCKET,
  LOGIN_WINDOW_MS,
  type RateLimit,
  release,
} from '../rate-limits/rate-limits.ts';
import { signInLogged } from '../security-log/security-log.ts';
import type { StaffIdentity } from '../staff-sessions/sessions.ts';
import { findStaffByEmail, normalizeEmail } from './staff-accounts.ts';
import { enrolmentRecorded } from './staff-enrolment.ts';
import { checkSecondFactor, type SecondFactor } from './staff-mfa.ts';

type LoginResult =
  | { outcome: 'signed_in'; staff: StaffIdentity; recoveryCodes?: string[] }
  | { outcome: 'invalid' }
  | { outcome: 'limited'; retryAfterSeconds: number }
  | Exclude<SecondFactor, { outcome: 'passed' }>;

function rules(deps: Deps): { client: RateLimit; account: RateLimit; device: RateLimit } {
  const limit = deps.config.loginRateLimit;
  return {
    client: { bucket: 'login-client', limit, windowMs: LOGIN_WINDOW_MS },
    account: { bucket: LOGIN_ACCOUNT_BUCKET, limit, windowMs: LOGIN_WINDOW_MS },
    device: { bucket: 'login-device', limit, windowMs: LOGIN_WINDOW_MS },
  };
}

export async function attemptLogin(
  deps: Deps,
  credentials: { email: string; password: string; totp?: string; enrolmentCode?: string },
  clientAddress: string,
  /** This browser's device id for the account (known-devices.ts), or null. */
  knownDevice: string | null,
): Promise<LoginResult> {
  const email = normalizeEmail(credentials.email);
  const now = deps.clock.now();
  const rule = rules(deps);
  const second: [RateLimit, string] = knownDevice
    ? [rule.device, knownDevice]
    : [rule.account, email];
  const [byClient, byAccount] = await consumeBoth(
    deps.db,
    [rule.client, clientAddress],
    second,
    now,
  );
  if (!byClient.allowed || !byAccount.allowed) {
    // A refused attempt was never checked: it must not count against the account (or a
    // client already shut out could go on to lock the account).
    await Promise.all([
      release(deps.db, rule.client, clientAddress, now),
      release(deps.db, ...second, now),
    ]);
    return {
      outcome: 'limited',
      retryAfterSeconds: Math.max(byClient.retryAfterSeconds, byAccount.retryAfterSeconds),
    };
  }

  const account = await findStaffByEmail(deps.db, email);
  const valid = await verifyPassword(
    credentials.password,
    account?.passwordHash ?? (await dummyPasswordHash()),
  );
  if (!account || account.disabled || !valid) {
    await signInLogged(
      deps.db,
      account,
      { succeeded: false, reason: account?.disabled && valid ? 'disabled' : 'password' },
      now,
    );
    return { outcome: 'invalid' };
  }
  const secondFactor = await checkSecondFactor(
    deps,
    account,
    credentials.totp || undefined,
    credentials.enrolmentCode || undefined,
    now,
  );
  if (secondFactor.outcome === 'totp_invalid') {
    // A wrong code stays counted, like a wrong password.
    await signInLogged(deps.db, account, { succeeded: false, reason: 'second_factor' }, now);
    return secondFactor;
  }
  // The right password (and code, or a step still to take) was no guess: the attempt is given back.
  await Promise.all([
    release(deps.db, rule.client, clientAddress, now),
    release(deps.db, ...second, now),
  ]);
  if (secondFactor.outcome === 'enrolment_code_required') {
    // The right password of an account without MFA, and no set-up link: worth knowing.
    await signInLogged(deps.db, account, { succeeded: false, reason: 'no_enrolment_code' }, now);
  }
  if (secondFactor.outcome !== 'passed') return secondFactor;

  const passwordHash = needsRehash(account.passwordHash)
    ? await hashPassword(credentials.password)
    : account.passwordHash;
  const enrolled = secondFactor.with === 'enrolment' ? enrolmentRecorded(deps, account, now) : null;
  await deps.db.batch([
    deps.db
      .update(staffUsers)
      .set({ lastLoginAt: now, passwordHash })
      .where(eq(staffUsers.id, account.id)),
    signInLogged(deps.db, account, { succeeded: true, with: secondFactor.with }, now),
    ...(enrolled?.statements ?? []),
  ]);
  if (enrolled) await deliverAll(deps, [enrolled.mailId]);
  return {
    outcome: 'signed_in',
    staff: { id: account.id, email: account.email },
    ...(secondFactor.recoveryCodes ? { recoveryCodes: secondFactor.recoveryCodes } : {}),
  };
}
