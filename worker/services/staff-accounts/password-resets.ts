// Forgotten staff passwords. The answer to a request never says whether the account exists.
// When it does (and is enabled), a single-use 256-bit token valid for an hour is stored as a
// hash and its link is mailed through the outbox; using it sets the new password and ends
// every session of the account.
import { and, eq, exists, gt, isNull, lt } from 'drizzle-orm';
import { passwordResets, rateLimits, sessions, staffUsers } from '../../../schema/db.ts';
import { hashPassword } from '../../crypto/passwords.ts';
import { hashSecret, randomSecret } from '../../crypto/secret-tokens.ts';
import { weakPasswordReason } from '../../crypto/weak-passwords.ts';
import type { Database } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http.ts';
import { safeError } from '../../safe-error.ts';
import { deliverOutboxMessage, outboxInsert } from '../notices/mail-outbox.ts';
import {
  consume,
  hashSubject,
  LOGIN_ACCOUNT_BUCKET,
  LOGIN_WINDOW_MS,
} from '../rate-limits/rate-limits.ts';
import { securityLogInsert } from '../security-log/security-log.ts';
import { accountChangeNotified } from './account-notices.ts';
import { findStaffByEmail } from './staff-accounts.ts';

const RESET_TOKEN_TTL_MS = 60 * 60_000;
/** Reset mails per account per window: enough for a lost first mail, not a mail bomb. */
const RESET_MAILS_PER_ACCOUNT = 3;
const RESET_PATH = '/dashboard/reset-password';

function resetMail(deps: Deps, email: string, link: string) {
  const { bureauName } = deps.config;
  return {
    to: email,
    subject: `${bureauName}: reset your dashboard password`,
    text: [
      'Hello,',
      '',
      `Someone asked to reset the password of your ${bureauName} dashboard account.`,
      'To choose a new password, open this link within the next hour:',
      '',
      link,
      '',
      'The link works once. If you did not ask for this, ignore this e-mail: your password',
      'stays as it is.',
      '',
      bureauName,
    ].join('\n'),
  };
}

type ForgotPasswordResult =
  /**
   * delivery is the work on the account (look-up, token, mail), started only after the
   * caller has answered; the caller hands it to keepRunning and never waits for it.
   */
  { outcome: 'accepted'; delivery?: Promise<unknown> } | { outcome: 'limited' };

export async function requestPasswordReset(
  deps: Deps,
  email: string,
  clientAddress: string,
): Promise<ForgotPasswordResult> {
  const now = deps.clock.now();
  const limit = deps.config.loginRateLimit;
  const byClient = await consume(
    deps.db,
    { bucket: 'forgot-password-client', limit, windowMs: LOGIN_WINDOW_MS },
    clientAddress,
    now,
  );
  if (!byClient.allowed) return { outcome: 'limited' };

  // Everything about the account happens after the answer, for real and unknown e-mails
  // alike: the database work before the answer is the same, so timing tells nothing. The
  // timer makes sure the answer is on its way before the first statement of it runs.
  const work = new Promise((resolve) => setTimeout(resolve, 0))
    .then(() => issueReset(deps, email, now))
    .catch((error: unknown) => {
      deps.logger.error('password reset not issued', safeError(error));
    });
  return { outcome: 'accepted', delivery: work };
}

/** Stores a reset token and mails its link when the account exists and is enabled. */
async function issueReset(deps: Deps, email: string, now: Date): Promise<void> {
  const account = await findStaffByEmail(deps.db, email);
  // Recorded for unknown e-mails too (as 'unknown', never the address typed).
  const requested = (issued: boolean) =>
    securityLogInsert(
      deps.db,
      {
        action: 'staff_password_reset_requested',
        actor: { type: 'anonymous' },
        entityType: 'staff_user',
        entityId: account?.id ?? 'unknown',
        details: { linkSent: issued },
      },
      now,
    );
  if (!account || account.disabled) {
    await requested(false);
    return;
  }
  const byAccount = await consume(
    deps.db,
    {
      bucket: 'forgot-password-account',
      limit: RESET_MAILS_PER_ACCOUNT,
      windowMs: LOGIN_WINDOW_MS,
    },
    account.email,
    now,
  );
  if (!byAccount.allowed) {
    await requested(false);
    return;
  }

  const token = randomSecret();
  const link = `${deps.config.publicOrigin}${RESET_PATH}?token=${token}`;
  const mail = outboxInsert(deps.db, resetMail(deps, account.email, link), now);
  // One live link per account: an older unused one stops working when a new one is sent.
  await deps.db.batch([
    deps.db
      .delete(passwordResets)
      .where(and(eq(passwordResets.staffUserId, account.id), isNull(passwordResets.usedAt))),
    deps.db.insert(passwordResets).values({
      tokenHash: await hashSecret(token),
      staffUserId: account.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    }),
    mail.query,
    requested(true),
  ]);
  // A failed delivery stays in the outbox for the maintenance run to send again (and is
  // logged there); this catches only a failure to record the attempt.
  await deliverOutboxMessage(deps, mail.id).catch((error: unknown) => {
    deps.logger.error('mail delivery could not be recorded', {
      outboxId: mail.id,
      ...safeError(error),
    });
  });
}

/**
 * Sets the new password when the token is live; false when invalid, expired or used. A password
 * that is too easy to guess is refused with a 400 (ApiError) and changes nothing.
 */
export async function resetStaffPassword(
  deps: Deps,
  token: string,
  password: string,
): Promise<boolean> {
  const now = deps.clock.now();
  const tokenHash = await hashSecret(token);
  const live = and(
    eq(passwordResets.tokenHash, tokenHash),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, now),
  );
  const [reset] = await deps.db
    .select({ staffUserId: passwordResets.staffUserId, email: staffUsers.email })
    .from(passwordResets)
    .innerJoin(staffUsers, eq(staffUsers.id, passwordResets.staffUserId))
    .where(and(live, eq(staffUsers.disabled, false)));
  if (!reset) return false;
  // Refused before anything changes: the link stays usable for a better password.
  const weak = await weakPasswordReason(password, reset.email);
  if (weak) throw new ApiError(400, 'weak_password', weak, { password: weak });

  const passwordHash = await hashPassword(password);
  // Every statement re-checks that the token is still unused, so two requests racing with
  // the same token cannot both change the password.
  const stillLive = exists(deps.db.select().from(passwordResets).where(live));
  const accountCounter = await hashSubject(reset.email);
  const [, , , used] = await deps.db.batch([
    deps.db
      .update(staffUsers)
      .set({ passwordHash })
      .where(and(eq(staffUsers.id, reset.staffUserId), stillLive)),
    deps.db.delete(sessions).where(and(eq(sessions.staffUserId, reset.staffUserId), stillLive)),
    // Whoever reads the account's mail has shown they own it: strangers' failed sign-ins
    // no longer hold it shut (decision 069).
    deps.db
      .delete(rateLimits)
      .where(
        and(
          eq(rateLimits.bucket, LOGIN_ACCOUNT_BUCKET),
          eq(rateLimits.subject, accountCounter),
          stillLive,
        ),
      ),
    deps.db
      .update(passwordResets)
      .set({ usedAt: now })
      .where(live)
      .returning({ tokenHash: passwordResets.tokenHash }),
  ]);
  if (used.length !== 1) return false;
  await accountChangeNotified(
    deps,
    { id: reset.staffUserId, email: reset.email },
    'password_changed',
    { type: 'staff', id: reset.staffUserId },
  );
  return true;
}

/** Removes reset tokens past their expiry, used or not (run periodically). */
export async function pruneExpiredResets(db: Database, now: Date): Promise<void> {
  await db.delete(passwordResets).where(lt(passwordResets.expiresAt, now));
}
