// The second step of a staff sign-in (decision 070), run only after the right password. An
// enrolled account needs a current TOTP code (each step's code accepted once) or one of its
// recovery codes. An account without MFA needs the live one-time enrolment code an
// administrator issued (staff-enrolment.ts, issue 25); with it, it is shown a new secret and
// signs in only once a code from it confirms it, which spends the enrolment code; the recovery
// codes are then shown once.
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { staffUsers } from '../../../schema/db.ts';
import { openSecret, sealSecret } from '../../crypto/sealed-secrets.ts';
import { hashSecret } from '../../crypto/secret-tokens.ts';
import {
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  totpUri,
} from '../../crypto/totp.ts';
import type { Deps } from '../../deps.ts';
import { isLiveEnrolmentCode } from './staff-enrolment.ts';

type StaffRow = typeof staffUsers.$inferSelect;

export type SecondFactor =
  /** recoveryCodes: this sign-in completed enrolment; shown to the staff member once. */
  | {
      outcome: 'passed';
      /** How: a current code, a recovery code, or a code confirming enrolment. */
      with: 'totp' | 'recovery_code' | 'enrolment';
      recoveryCodes?: string[];
    }
  | { outcome: 'totp_required' }
  | { outcome: 'totp_invalid' }
  /** No MFA and no live enrolment code: the password alone sets nothing up. */
  | { outcome: 'enrolment_code_required' }
  | { outcome: 'enrolment_required'; secret: string; uri: string };

export function hashRecoveryCodes(codes: string[]): Promise<string[]> {
  return Promise.all(codes.map((code) => hashSecret(normalizeRecoveryCode(code))));
}

export async function checkSecondFactor(
  deps: Deps,
  account: StaffRow,
  code: string | undefined,
  enrolmentCode: string | undefined,
  now: Date,
): Promise<SecondFactor> {
  if (account.totpSecret) {
    if (!code) return { outcome: 'totp_required' };
    const secret = await openSecret(deps.signingKey, account.totpSecret, account.id);
    if (secret === null) {
      // Sealed under another signing secret: only `npm run admin -- reset-mfa` helps.
      deps.logger.error('staff TOTP secret could not be opened', { staffUserId: account.id });
      return { outcome: 'totp_invalid' };
    }
    if (await acceptCode(deps, account, secret, code, now)) {
      return { outcome: 'passed', with: 'totp' };
    }
    return (await spendRecoveryCode(deps, account, code))
      ? { outcome: 'passed', with: 'recovery_code' }
      : { outcome: 'totp_invalid' };
  }
  if (!(await isLiveEnrolmentCode(account, enrolmentCode, now))) {
    return { outcome: 'enrolment_code_required' };
  }
  if (code && account.totpPendingSecret) {
    const pending = await openSecret(deps.signingKey, account.totpPendingSecret, account.id);
    const step = pending === null ? null : matchingStep(pending, code, now);
    if (step === null) return { outcome: 'totp_invalid' };
    const recoveryCodes = newRecoveryCodes();
    const confirmed = await deps.db
      .update(staffUsers)
      .set({
        totpSecret: account.totpPendingSecret,
        totpPendingSecret: null,
        totpLastStep: step,
        recoveryCodeHashes: await hashRecoveryCodes(recoveryCodes),
        // Spent: single use.
        enrolmentCodeHash: null,
        enrolmentExpiresAt: null,
      })
      .where(
        and(
          eq(staffUsers.id, account.id),
          eq(staffUsers.totpPendingSecret, account.totpPendingSecret),
          eq(staffUsers.enrolmentCodeHash, account.enrolmentCodeHash!),
          isNull(staffUsers.totpSecret),
        ),
      )
      .returning({ id: staffUsers.id });
    return confirmed.length
      ? { outcome: 'passed', with: 'enrolment', recoveryCodes }
      : { outcome: 'totp_invalid' };
  }
  // A new secret at every start of enrolment: one shown earlier and never confirmed stops working.
  const secret = newTotpSecret();
  await deps.db
    .update(staffUsers)
    .set({ totpPendingSecret: await sealSecret(deps.signingKey, secret, account.id) })
    .where(and(eq(staffUsers.id, account.id), isNull(staffUsers.totpSecret)));
  return {
    outcome: 'enrolment_required',
    secret,
    uri: totpUri(secret, deps.config.bureauName, account.email),
  };
}

/** A valid code of a step after the last one used; the update makes it single-use. */
async function acceptCode(
  deps: Deps,
  account: StaffRow,
  secret: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const step = matchingStep(secret, code, now);
  if (step === null) return false;
  const taken = await deps.db
    .update(staffUsers)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(staffUsers.id, account.id),
        or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, step)),
      ),
    )
    .returning({ id: staffUsers.id });
  return taken.length === 1;
}

async function spendRecoveryCode(deps: Deps, account: StaffRow, code: string): Promise<boolean> {
  const hashes = account.recoveryCodeHashes ?? [];
  const hash = await hashSecret(normalizeRecoveryCode(code));
  if (!hashes.includes(hash)) return false;
  // Guarded by the list as read, so one code cannot be spent by two simultaneous sign-ins.
  const spent = await deps.db
    .update(staffUsers)
    .set({ recoveryCodeHashes: hashes.filter((h) => h !== hash) })
    .where(and(eq(staffUsers.id, account.id), eq(staffUsers.recoveryCodeHashes, hashes)))
    .returning({ id: staffUsers.id });
  return spent.length === 1;
}
