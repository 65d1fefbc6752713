// Invitations of a practice's practitioners (decision 120): a name and an address; the link
// is mailed to that address only, never shown to the manager (it opens the practitioner's
// part). An invitation expires, can be re-sent (a new link; the old one stops working) or
// withdrawn. A manager cannot mail hundreds: a practice holds at most MAX_INVITATIONS, mails
// at most INVITATION_MAILS_PER_HOUR, and one address gets at most MAILS_PER_RECIPIENT a day.
import { and, count, eq, isNull } from 'drizzle-orm';
import {
  practiceInvitations,
  practiceSubmissions,
  practices,
} from '../../../schema/db-practices.ts';
import type { InvitationRequest } from '../../../schema/practice-api.ts';
import { hashSecret, randomSecret } from '../../crypto/secret-tokens.ts';
import type { Deps } from '../../deps.ts';
import { ApiError, RateLimitedError } from '../../http.ts';
import { invitationMail } from '../../mail/practice-mail.ts';
import { outboxInsert } from '../notices/mail-outbox.ts';
import { consumeBoth, type RateLimit, release } from '../rate-limits/rate-limits.ts';
import { commitOnce, earlierAnswer, invitationKey, keepAnswer } from './invitation-keys.ts';
import { type Practice, practiceByToken } from './practices.ts';

export const INVITATION_VALID_MS = 14 * 24 * 60 * 60_000;
export const MAX_INVITATIONS = 40;
export const INVITATION_MAILS_PER_HOUR = 20;
export const MAILS_PER_RECIPIENT = 3;

const PRACTICE_RULE: RateLimit = {
  bucket: 'practice-invitation-mail',
  limit: INVITATION_MAILS_PER_HOUR,
  windowMs: 60 * 60_000,
};
const RECIPIENT_RULE: RateLimit = {
  bucket: 'practice-invitation-recipient',
  limit: MAILS_PER_RECIPIENT,
  windowMs: 24 * 60 * 60_000,
};

export type Invitation = typeof practiceInvitations.$inferSelect;

export const INVITATION_NOT_FOUND =
  'This invitation link is not valid. Ask your practice manager to send it again.';

/** Counts one invitation mail against the practice's and the address's limits, or a 429. */
async function countMail(deps: Deps, practiceId: string, email: string, now: Date) {
  const [practice, recipient] = await consumeBoth(
    deps.db,
    [PRACTICE_RULE, practiceId],
    [RECIPIENT_RULE, email],
    now,
  );
  if (practice.allowed && recipient.allowed) return;
  await Promise.all([
    release(deps.db, PRACTICE_RULE, practiceId, now),
    release(deps.db, RECIPIENT_RULE, email, now),
  ]);
  throw new RateLimitedError(
    'too_many_invitations',
    practice.allowed
      ? 'This address has been sent enough invitations today. Please try again tomorrow.'
      : 'This practice has sent many invitations in the last hour. Please try again later.',
    Math.max(practice.retryAfterSeconds, recipient.retryAfterSeconds),
  );
}

/** The mail and the new link's hash, for a first sending or a re-send. */
async function sending(
  deps: Deps,
  practice: Practice,
  who: { name: string; email: string },
  now: Date,
) {
  const token = randomSecret();
  const expiresAt = new Date(now.getTime() + INVITATION_VALID_MS);
  const mail = outboxInsert(
    deps.db,
    invitationMail(deps.config, { ...who, practiceName: practice.name, expiresAt }, token),
    now,
  );
  return { tokenHash: await hashSecret(token), expiresAt, mail };
}

export async function invite(
  deps: Deps,
  practiceToken: string,
  input: InvitationRequest,
  idempotencyKey?: string,
): Promise<{ invitationId: string; mailIds: string[] }> {
  const practice = await practiceByToken(deps, practiceToken);
  const now = deps.clock.now();
  const email = input.email.toLowerCase();
  const keyed = await invitationKey('practice-invite', idempotencyKey, {
    practiceId: practice.id,
    name: input.name,
    email,
  });
  const earlier = await earlierAnswer<{ invitationId: string }>(deps, keyed);
  if (earlier) return { invitationId: earlier.invitationId, mailIds: [] };
  const [{ n }] = (await deps.db
    .select({ n: count() })
    .from(practiceInvitations)
    .where(
      and(eq(practiceInvitations.practiceId, practice.id), isNull(practiceInvitations.withdrawnAt)),
    )) as [{ n: number }];
  if (n >= MAX_INVITATIONS) {
    throw new ApiError(
      409,
      'too_many_invitations',
      `A practice can invite at most ${MAX_INVITATIONS} practitioners here. Please ask us for help with a larger practice.`,
    );
  }
  await countMail(deps, practice.id, email, now);
  const id = crypto.randomUUID();
  const { tokenHash, expiresAt, mail } = await sending(deps, practice, { ...input, email }, now);
  const written = deps.db.batch([
    deps.db.insert(practiceInvitations).values({
      id,
      practiceId: practice.id,
      name: input.name,
      email,
      tokenHash,
      expiresAt,
      sentAt: now,
      createdAt: now,
    }),
    mail.query,
    ...keepAnswer(deps, keyed, { invitationId: id }, 201, now),
  ]);
  const once = await commitOnce(deps, keyed, written, { invitationId: id });
  return { invitationId: once.body.invitationId, mailIds: once.committed ? [mail.id] : [] };
}

/** One of the practice's invitations that has no submission yet, or a 404 / 409. */
async function openInvitation(deps: Deps, practice: Practice, invitationId: string) {
  const [row] = await deps.db
    .select({
      invitation: practiceInvitations,
      submissionId: practiceSubmissions.submissionId,
    })
    .from(practiceInvitations)
    .leftJoin(practiceSubmissions, eq(practiceSubmissions.invitationId, practiceInvitations.id))
    .where(
      and(
        eq(practiceInvitations.id, invitationId),
        eq(practiceInvitations.practiceId, practice.id),
      ),
    )
    .limit(1);
  if (!row) throw new ApiError(404, 'not_found', 'This practice has no such invitation.');
  if (row.submissionId) {
    throw new ApiError(
      409,
      'invitation_submitted',
      'This practitioner has already sent their part.',
    );
  }
  return row.invitation;
}

export async function resendInvitation(
  deps: Deps,
  practiceToken: string,
  invitationId: string,
  idempotencyKey?: string,
): Promise<{ mailIds: string[] }> {
  const practice = await practiceByToken(deps, practiceToken);
  const keyed = await invitationKey('practice-invite-resend', idempotencyKey, {
    practiceId: practice.id,
    invitationId,
  });
  // Asked again after a lost answer: already sent, even if it has been answered since.
  if (await earlierAnswer(deps, keyed)) return { mailIds: [] };
  const invitation = await openInvitation(deps, practice, invitationId);
  const now = deps.clock.now();
  await countMail(deps, practice.id, invitation.email, now);
  const { tokenHash, expiresAt, mail } = await sending(deps, practice, invitation, now);
  const written = deps.db.batch([
    deps.db
      .update(practiceInvitations)
      .set({
        tokenHash,
        expiresAt,
        sentAt: now,
        sendCount: invitation.sendCount + 1,
        withdrawnAt: null,
      })
      .where(eq(practiceInvitations.id, invitation.id)),
    mail.query,
    ...keepAnswer(deps, keyed, { invitationId }, 200, now),
  ]);
  const once = await commitOnce(deps, keyed, written, { invitationId });
  return { mailIds: once.committed ? [mail.id] : [] };
}

export async function withdrawInvitation(
  deps: Deps,
  practiceToken: string,
  invitationId: string,
): Promise<void> {
  const practice = await practiceByToken(deps, practiceToken);
  const invitation = await openInvitation(deps, practice, invitationId);
  await deps.db
    .update(practiceInvitations)
    .set({ withdrawnAt: deps.clock.now() })
    .where(eq(practiceInvitations.id, invitation.id));
}

/**
 * The invitation a practitioner's link opens while it is usable (not expired, not withdrawn),
 * with its practice, and the submission it already made if any.
 */
export async function invitationByToken(deps: Deps, token: string) {
  const [row] = await deps.db
    .select({
      invitation: practiceInvitations,
      practice: practices,
      submissionId: practiceSubmissions.submissionId,
    })
    .from(practiceInvitations)
    .innerJoin(practices, eq(practices.id, practiceInvitations.practiceId))
    .leftJoin(practiceSubmissions, eq(practiceSubmissions.invitationId, practiceInvitations.id))
    .where(eq(practiceInvitations.tokenHash, await hashSecret(token)))
    .limit(1);
  const now = deps.clock.now();
  if (!row || row.invitation.withdrawnAt || row.invitation.expiresAt.getTime() <= now.getTime()) {
    throw new ApiError(404, 'not_found', INVITATION_NOT_FOUND);
  }
  return row;
}
