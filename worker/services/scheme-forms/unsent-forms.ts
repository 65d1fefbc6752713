// A new signing replaces the set signed before it that never went out (security review M1):
// an application keeps the forms staff were given links to (they may be at a scheme) and at
// most one set that is still unsent, so signing again and again cannot pile up stored copies.
// The rows go in the signing's batch and their bytes are deleted after it, recorded first so a
// failed delete is retried by maintenance (a crash between the two leaves bytes without a row,
// never a row without its bytes).
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { signedSchemeForms } from '../../../schema/db.ts';
import type { Deps } from '../../deps.ts';
import { deletePendingObjects, recordPendingDeletions } from '../uploads/object-deletions.ts';

type SignedRow = typeof signedSchemeForms.$inferSelect;

/** The application's signed forms staff were never given a link to. */
export function unsentForms(deps: Deps, submissionId: string): Promise<SignedRow[]> {
  return deps.db
    .select()
    .from(signedSchemeForms)
    .where(
      and(eq(signedSchemeForms.submissionId, submissionId), isNull(signedSchemeForms.releasedAt)),
    );
}

/**
 * The statement that removes the unsent set, for the new signing's batch; it answers the
 * object keys it removed (a form given to staff meanwhile stays, and so do its bytes).
 */
export function replaceUnsent(deps: Deps, unsent: SignedRow[]) {
  return deps.db
    .delete(signedSchemeForms)
    .where(
      and(
        inArray(
          signedSchemeForms.id,
          unsent.map((row) => row.id),
        ),
        isNull(signedSchemeForms.releasedAt),
      ),
    )
    .returning({ objectKey: signedSchemeForms.objectKey });
}

/** Deletes the replaced forms' bytes, each recorded first so maintenance retries a failure. */
export async function deleteReplaced(deps: Deps, keys: string[], now: Date): Promise<void> {
  const pending = recordPendingDeletions(deps.db, keys, now);
  if (!pending) return;
  await pending;
  await deletePendingObjects(deps, keys);
}
