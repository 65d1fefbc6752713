// An e-mail address becomes a practitioner's identity only once the applicant shows they read
// it (decision 100): each submission starts with a practitioner row of its own, and its
// receipt carries a code. When the code comes back (the receipt's link), the submission joins
// the confirmed practitioner with that address, taking its details to the row, or, when there
// is none yet, its own row becomes that confirmed practitioner.
import { and, eq, isNotNull, ne, notExists, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { practitioners, submissions } from '../../../schema/db.ts';
import {
  ADDRESS_CONFIRMATION_EXPIRED_MESSAGE,
  ADDRESS_CONFIRMATION_INVALID_MESSAGE,
} from '../../../schema/notify-api.ts';
import { hashSecret } from '../../crypto/secret-tokens.ts';
import { isWellFormedTrackingToken } from '../../crypto/tracking-tokens.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http.ts';
import { securityLogInsert } from '../security-log/security-log.ts';

/** Compares two hex digests without stopping at the first difference. */
function sameDigest(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** A receipt's link confirms the address for this long after the application (review L5). */
export const ADDRESS_CONFIRMATION_VALID_MS = 30 * 24 * 60 * 60 * 1000;

export async function confirmAddress(deps: Deps, token: string, code: string): Promise<void> {
  const { db } = deps;
  const [submission] = isWellFormedTrackingToken(token)
    ? await db.select().from(submissions).where(eq(submissions.trackingToken, token))
    : [];
  const hash = await hashSecret(code);
  if (!submission?.addressCodeHash || !sameDigest(hash, submission.addressCodeHash)) {
    throw new ApiError(404, 'not_found', ADDRESS_CONFIRMATION_INVALID_MESSAGE);
  }
  if (submission.addressConfirmedAt) return;
  const now = deps.clock.now();
  if (now.getTime() - submission.createdAt.getTime() > ADDRESS_CONFIRMATION_VALID_MS) {
    throw new ApiError(410, 'link_expired', ADDRESS_CONFIRMATION_EXPIRED_MESSAGE);
  }
  const [confirmed] = await db
    .select({ id: practitioners.id })
    .from(practitioners)
    .where(
      and(
        eq(practitioners.email, submission.email),
        isNotNull(practitioners.emailConfirmedAt),
        ne(practitioners.id, submission.practitionerId),
      ),
    )
    .limit(1);
  const target = confirmed?.id ?? submission.practitionerId;
  // The applicant who proved the address speaks for it: the row takes this submission's
  // details (a new surname after marriage, a new phone), but a row confirmed before keeps its
  // ID number: the one who confirms may have done so for an application someone else made with
  // their address, and the ID-number lookup and the data-subject export follow the row
  // (security review L5). A row without one takes it.
  const idNumber = submission.idNumber
    ? confirmed
      ? sql`coalesce(${practitioners.idNumber}, ${submission.idNumber})`
      : submission.idNumber
    : undefined;
  const details = {
    firstName: submission.firstName,
    lastName: submission.lastName,
    email: submission.email,
    phone: submission.phone,
    specialization: submission.specialization,
    ...(idNumber ? { idNumber } : {}),
    updatedAt: now,
  };
  const statements: BatchItem<'sqlite'>[] = [
    db
      .update(submissions)
      .set({ addressConfirmedAt: now, practitionerId: target })
      .where(eq(submissions.id, submission.id)),
    db
      .update(practitioners)
      .set(confirmed ? details : { ...details, emailConfirmedAt: now })
      .where(eq(practitioners.id, target)),
    securityLogInsert(
      db,
      {
        action: 'address_confirmed',
        actor: { type: 'anonymous' },
        entityType: 'submission',
        entityId: submission.id,
        submissionId: submission.id,
        details: { practitioner: confirmed ? 'joined' : 'confirmed' },
      },
      now,
    ),
  ];
  if (confirmed) {
    // The row the submission started with goes once nothing else is in it.
    statements.push(
      db
        .delete(practitioners)
        .where(
          and(
            eq(practitioners.id, submission.practitionerId),
            notExists(
              db
                .select()
                .from(submissions)
                .where(eq(submissions.practitionerId, submission.practitionerId)),
            ),
          ),
        ),
    );
  }
  await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
}
