// One-time enrolment codes (issue 25): setting up MFA needs, beside the password, the code of a
// set-up link an administrator issued — `npm run admin -- create`, `reset-mfa` or
// `enrolment-link`, or the start for the ADMIN_EMAIL account without ADMIN_TOTP_SECRET. So
// whoever learns a new account's password (or one after reset-mfa) cannot enrol first and
// lock the owner out. A code is bound to its account, stored as SHA-256, lives 24 hours, and
// is spent by the sign-in that completes enrolment; a new one replaces the last.
import { and, eq, isNull } from 'drizzle-orm';
import { staffUsers } from '../../../schema/db.ts';
import type { Config } from '../../config.ts';
import { hashSecret, randomSecret } from '../../crypto/secret-tokens.ts';
import type { Database } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { accountChangeMail } from '../../mail/staff-account-mail.ts';
import { outboxInsert } from '../notices/mail-outbox.ts';
import { type SecurityActor, securityLogInsert, staffActor } from '../security-log/security-log.ts';

export const ENROLMENT_TTL_MS = 24 * 60 * 60_000;
const ENROLMENT_PATH = '/dashboard/login';

export function enrolmentLink(config: Pick<Config, 'publicOrigin'>, code: string): string {
  return `${config.publicOrigin}${ENROLMENT_PATH}?enrol=${encodeURIComponent(code)}`;
}

/**
 * A new enrolment code for an enabled account without MFA (null when it has MFA already, is
 * disabled or does not exist). The issue is in the security log; the code is not.
 */
export async function issueEnrolmentCode(
  db: Database,
  staffUserId: string,
  actor: SecurityActor,
  now: Date,
): Promise<{ code: string; expiresAt: Date } | null> {
  const code = randomSecret();
  const expiresAt = new Date(now.getTime() + ENROLMENT_TTL_MS);
  const issued = await db
    .update(staffUsers)
    .set({ enrolmentCodeHash: await hashSecret(code), enrolmentExpiresAt: expiresAt })
    .where(
      and(
        eq(staffUsers.id, staffUserId),
        isNull(staffUsers.totpSecret),
        eq(staffUsers.disabled, false),
      ),
    )
    .returning({ id: staffUsers.id });
  if (!issued.length) return null;
  await securityLogInsert(
    db,
    {
      action: 'staff_enrolment_code_issued',
      actor,
      entityType: 'staff_user',
      entityId: staffUserId,
      details: { expiresInHours: ENROLMENT_TTL_MS / 3_600_000 },
    },
    now,
  );
  return { code, expiresAt };
}

/** Whether code is the account's live enrolment code. */
export async function isLiveEnrolmentCode(
  account: Pick<typeof staffUsers.$inferSelect, 'enrolmentCodeHash' | 'enrolmentExpiresAt'>,
  code: string | undefined,
  now: Date,
): Promise<boolean> {
  if (!code || !account.enrolmentCodeHash || !account.enrolmentExpiresAt) return false;
  if (account.enrolmentExpiresAt.getTime() <= now.getTime()) return false;
  return (await hashSecret(code)) === account.enrolmentCodeHash;
}

/** What a completed enrolment adds to the sign-in's batch: its log entry and the owner's mail. */
export function enrolmentRecorded(deps: Deps, account: { id: string; email: string }, now: Date) {
  // In the sign-in's own batch (not accountChangeNotified's): the session and the entry agree.
  const mail = outboxInsert(
    deps.db,
    accountChangeMail(deps.config, account.email, 'mfa_enrolled'),
    now,
  );
  return {
    statements: [
      securityLogInsert(
        deps.db,
        {
          action: 'staff_mfa_enrolled',
          actor: staffActor(account),
          entityType: 'staff_user',
          entityId: account.id,
        },
        now,
      ),
      mail.query,
    ],
    mailId: mail.id,
  };
}

/**
 * At the server's start: the ADMIN_EMAIL account without ADMIN_TOTP_SECRET and not enrolled yet
 * gets a fresh set-up link (the one printed at an earlier start stops working); null otherwise.
 */
export async function adminEnrolmentLinkAtStart(deps: Deps): Promise<string | null> {
  const { adminEmail, adminTotpSecret } = deps.config;
  if (!adminEmail || adminTotpSecret) return null;
  const [account] = await deps.db
    .select({ id: staffUsers.id, totpSecret: staffUsers.totpSecret })
    .from(staffUsers)
    .where(eq(staffUsers.email, adminEmail.trim().toLowerCase()));
  if (!account || account.totpSecret) return null;
  const issued = await issueEnrolmentCode(
    deps.db,
    account.id,
    { type: 'server' },
    deps.clock.now(),
  );
  return issued ? enrolmentLink(deps.config, issued.code) : null;
}
