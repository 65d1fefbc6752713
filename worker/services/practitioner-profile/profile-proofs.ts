// A fresh proof that whoever holds the tracking link reads the application's confirmed address
// (decision 108): a six-digit code mailed there, asked for before bank details are changed or
// forms are signed, since a tracking link is forwarded, printed on posted papers and never
// expires. Valid ten minutes, used once, five wrong tries and it is spent; at most five codes an
// hour per application. Every code sent, used and refused is in the security log.
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { profileProofs, submissions } from '../../../schema/db.ts';
import { type ProfileProofSent, proofCode } from '../../../schema/scheme-forms-api.ts';
import { keyedDigest } from '../../crypto/keyed-digest.ts';
import { isWellFormedTrackingToken } from '../../crypto/tracking-tokens.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http.ts';
import { proofCodeMail } from '../../mail/profile-mail.ts';
import { deliverAll, outboxInsert } from '../notices/mail-outbox.ts';
import { securityLogInsert } from '../security-log/security-log.ts';
import { SUBMISSION_NOT_FOUND } from '../tracking/tracking.ts';

export type Submission = typeof submissions.$inferSelect;

export async function submissionOfToken(deps: Deps, token: string): Promise<Submission> {
  const [row] = isWellFormedTrackingToken(token)
    ? await deps.db.select().from(submissions).where(eq(submissions.trackingToken, token))
    : [];
  if (!row) throw new ApiError(404, 'not_found', SUBMISSION_NOT_FOUND);
  return row;
}

export const PROOF_VALID_MS = 10 * 60 * 1000;
const PROOF_TRIES = 5;
const PROOFS_PER_HOUR = 5;

/** The confirmed address as the page shows it: the first letter and the domain. */
export function maskedAddress(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}•••@${domain}`;
}

/** Refuses what would use the application's identity while its address is unconfirmed (decision 108). */
export function requireConfirmed(submission: Submission) {
  if (!submission.addressConfirmedAt) {
    throw new ApiError(
      409,
      'address_not_confirmed',
      'Confirm your e-mail address first: open the link “Confirm that this is your e-mail address” in the e-mail we sent when you applied, then come back here.',
    );
  }
}

/** Keyed, so a copy of the database does not give up a live code to a million guesses. */
const codeHash = (deps: Deps, submissionId: string, code: string) =>
  keyedDigest(deps.signingKey, 'profile-proof', `${submissionId}:${code}`);

const log = (deps: Deps, submission: Submission, action: string, reason?: string) =>
  securityLogInsert(
    deps.db,
    {
      action,
      actor: { type: 'anonymous' },
      entityType: 'submission',
      entityId: submission.id,
      submissionId: submission.id,
      details: reason ? { reason } : undefined,
    },
    deps.clock.now(),
  );

/** Mails a new code to the application's confirmed address; the answer names it, masked. */
export async function sendProfileProof(
  deps: Deps,
  submission: Submission,
): Promise<ProfileProofSent> {
  requireConfirmed(submission);
  const now = deps.clock.now();
  const [recent] = await deps.db
    .select({ sent: count() })
    .from(profileProofs)
    .where(
      and(
        eq(profileProofs.submissionId, submission.id),
        gt(profileProofs.createdAt, new Date(now.getTime() - 60 * 60 * 1000)),
      ),
    );
  if ((recent?.sent ?? 0) >= PROOFS_PER_HOUR) {
    throw new ApiError(
      429,
      'too_many_codes',
      'We have sent five codes in the last hour. Use the newest one, or ask again in an hour.',
    );
  }
  const digits = crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000;
  const code = String(digits).padStart(6, '0');
  const mail = outboxInsert(deps.db, proofCodeMail(deps.config, submission, code), now);
  await deps.db.batch([
    deps.db.insert(profileProofs).values({
      id: crypto.randomUUID(),
      submissionId: submission.id,
      codeHash: await codeHash(deps, submission.id, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + PROOF_VALID_MS),
    }),
    mail.query,
    log(deps, submission, 'profile_proof_sent'),
  ]);
  await deliverAll(deps, [mail.id]);
  return { sentTo: maskedAddress(submission.email), validMinutes: PROOF_VALID_MS / 60_000 };
}

/**
 * Spends the code the request carries, or refuses the request with 403 (and a security-log
 * entry) naming what to do. Called before anything is written: a refused request stores nothing.
 */
export async function spendProfileProof(
  deps: Deps,
  submission: Submission,
  code: string | undefined,
): Promise<void> {
  requireConfirmed(submission);
  const refuse = async (reason: string, message: string): Promise<never> => {
    await log(deps, submission, 'profile_proof_refused', reason);
    throw new ApiError(403, reason === 'missing' ? 'proof_required' : 'proof_invalid', message, {
      proofCode: message,
    });
  };
  if (!proofCode.safeParse(code).success) {
    return refuse(
      'missing',
      'Enter the 6-digit code we e-mail to your confirmed address: it shows that this is you before bank details are changed or forms are signed.',
    );
  }
  const now = deps.clock.now();
  const [live] = await deps.db
    .select()
    .from(profileProofs)
    .where(
      and(
        eq(profileProofs.submissionId, submission.id),
        isNull(profileProofs.spentAt),
        gt(profileProofs.expiresAt, now),
      ),
    )
    .orderBy(desc(profileProofs.createdAt))
    .limit(1);
  const wrong = 'That code is not right, or it has expired. Ask for a new code and enter it here.';
  if (!live) return refuse('expired', wrong);
  if ((await codeHash(deps, submission.id, code!)) !== live.codeHash) {
    await deps.db
      .update(profileProofs)
      .set({
        failedTries: sql`${profileProofs.failedTries} + 1`,
        spentAt: sql`CASE WHEN ${profileProofs.failedTries} + 1 >= ${PROOF_TRIES} THEN ${now.getTime()} END`,
      })
      .where(eq(profileProofs.id, live.id));
    return refuse('wrong', wrong);
  }
  // Used once: of two requests with the same code, one spends it and the other is refused.
  const spent = await deps.db
    .update(profileProofs)
    .set({ spentAt: now })
    .where(and(eq(profileProofs.id, live.id), isNull(profileProofs.spentAt)))
    .returning({ id: profileProofs.id });
  if (spent.length === 0) return refuse('spent', wrong);
  await log(deps, submission, 'profile_proof_used');
}
