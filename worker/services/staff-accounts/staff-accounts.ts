// Staff accounts: created from the command line or from ADMIN_EMAIL/ADMIN_PASSWORD at start.
import { asc, eq, sql } from 'drizzle-orm';
import { sessions, staffUsers } from '../../../schema/db.ts';
import { MIN_STAFF_PASSWORD_LENGTH } from '../../../schema/session-api.ts';
import { hashPassword } from '../../crypto/passwords.ts';
import { sealSecret } from '../../crypto/sealed-secrets.ts';
import { normalizeBase32 } from '../../crypto/totp.ts';
import { weakPasswordReason } from '../../crypto/weak-passwords.ts';
import type { Database } from '../../db.ts';
import type { Clock } from '../../ports.ts';
import { clearAccountLoginFailures } from '../rate-limits/rate-limits.ts';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export class StaffAccountError extends Error {}

async function checkPassword(password: string, email: string) {
  if (password.length < MIN_STAFF_PASSWORD_LENGTH) {
    throw new StaffAccountError(
      `The password must be at least ${MIN_STAFF_PASSWORD_LENGTH} characters`,
    );
  }
  const weak = await weakPasswordReason(password, email);
  if (weak) throw new StaffAccountError(weak);
}

export async function findStaffByEmail(db: Database, email: string) {
  const [row] = await db
    .select()
    .from(staffUsers)
    .where(eq(staffUsers.email, normalizeEmail(email)));
  return row;
}

/**
 * Creates the account; returns false (and changes nothing) when the e-mail is taken. With
 * `mfa` the account is enrolled already with that base32 TOTP secret (ADMIN_TOTP_SECRET);
 * without, it enrols at its first sign-in (decision 070).
 */
export async function createStaffAccount(
  db: Database,
  clock: Clock,
  email: string,
  password: string,
  mfa?: { signingKey: CryptoKey; totpSecret: string },
): Promise<boolean> {
  await checkPassword(password, email);
  const normalized = normalizeEmail(email);
  const passwordHash = await hashPassword(password);
  const id = crypto.randomUUID();
  const totpSecret = mfa
    ? await sealSecret(mfa.signingKey, normalizeBase32(mfa.totpSecret), id)
    : null;
  const inserted = await db
    .insert(staffUsers)
    .values({ id, email: normalized, passwordHash, createdAt: clock.now(), totpSecret })
    .onConflictDoNothing()
    .returning({ id: staffUsers.id });
  return inserted.length > 0;
}

/** Sets a new password and ends every session of the account. */
export async function setStaffPassword(
  db: Database,
  email: string,
  password: string,
): Promise<boolean> {
  await checkPassword(password, email);
  const account = await findStaffByEmail(db, email);
  if (!account) return false;
  const passwordHash = await hashPassword(password);
  await db.batch([
    db.update(staffUsers).set({ passwordHash }).where(eq(staffUsers.id, account.id)),
    db.delete(sessions).where(eq(sessions.staffUserId, account.id)),
  ]);
  await clearAccountLoginFailures(db, account.email);
  return true;
}

/**
 * Removes the account's MFA (a lost phone): its next sign-in enrols again. Ends its sessions.
 */
export async function resetStaffMfa(db: Database, email: string): Promise<boolean> {
  const account = await findStaffByEmail(db, email);
  if (!account) return false;
  await db.batch([
    db
      .update(staffUsers)
      .set({
        totpSecret: null,
        totpPendingSecret: null,
        totpLastStep: null,
        recoveryCodeHashes: null,
      })
      .where(eq(staffUsers.id, account.id)),
    db.delete(sessions).where(eq(sessions.staffUserId, account.id)),
  ]);
  return true;
}

type StaffAccountSummary = {
  email: string;
  disabled: boolean;
  createdAt: Date;
  lastLoginAt: Date | null;
  mfa: boolean;
};

export async function listStaffAccounts(db: Database): Promise<StaffAccountSummary[]> {
  return db
    .select({
      email: staffUsers.email,
      disabled: staffUsers.disabled,
      createdAt: staffUsers.createdAt,
      lastLoginAt: staffUsers.lastLoginAt,
      mfa: sql<number>`${staffUsers.totpSecret} is not null`,
    })
    .from(staffUsers)
    .orderBy(asc(staffUsers.email))
    .then((rows) => rows.map((row) => ({ ...row, mfa: Boolean(row.mfa) })));
}

/** Disables (and signs out) or re-enables an account; false when there is no such account. */
export async function setStaffDisabled(
  db: Database,
  email: string,
  disabled: boolean,
): Promise<boolean> {
  const account = await findStaffByEmail(db, email);
  if (!account) return false;
  await db.batch([
    db.update(staffUsers).set({ disabled }).where(eq(staffUsers.id, account.id)),
    db.delete(sessions).where(eq(sessions.staffUserId, account.id)),
  ]);
  return true;
}
