// Idempotency-Key for a manager's invitation calls (adding one, re-sending one), as for the
// practice itself: a phone that never got the answer asks again with the same key and gets the
// first answer, so the practitioner is invited once and mailed once. The stored answer is the
// invitation's id only (no link, no address); the fingerprint binds the key to the practice.
import type { Deps } from '../../deps.ts';
import { findStoredAnswer, recordAnswer, requestFingerprint } from '../submissions/idempotency.ts';

export type InvitationKey = { scope: string; key: string; fingerprint: string };

export async function invitationKey(
  scope: 'practice-invite' | 'practice-invite-resend',
  key: string | undefined,
  request: Record<string, string>,
): Promise<InvitationKey | undefined> {
  return key ? { scope, key, fingerprint: await requestFingerprint(request) } : undefined;
}

/** The answer already given under this key, or null; 422 when the key was another request's. */
export async function earlierAnswer<Body>(
  deps: Deps,
  keyed: InvitationKey | undefined,
): Promise<Body | null> {
  if (!keyed) return null;
  const stored = await findStoredAnswer<Body>(deps.db, keyed.scope, keyed.key, keyed.fingerprint);
  return stored ? stored.body : null;
}

/** The insert that keeps the answer, for the same batch as the invitation's own writes. */
export function keepAnswer(
  deps: Deps,
  keyed: InvitationKey | undefined,
  body: unknown,
  status: number,
  now: Date,
) {
  return keyed
    ? [
        recordAnswer(deps.db, {
          scope: keyed.scope,
          key: keyed.key,
          fingerprint: keyed.fingerprint,
          answer: { status, body },
          now,
        }),
      ]
    : [];
}

/**
 * Commits the batch; when two copies of one keyed request ran at once, the key let one commit
 * and the other is answered with its answer.
 */
export async function commitOnce<Body>(
  deps: Deps,
  keyed: InvitationKey | undefined,
  batch: Promise<unknown>,
  body: Body,
): Promise<{ body: Body; committed: boolean }> {
  try {
    await batch;
    return { body, committed: true };
  } catch (error) {
    const earlier = await earlierAnswer<Body>(deps, keyed);
    if (earlier) return { body: earlier, committed: false };
    throw error;
  }
}
