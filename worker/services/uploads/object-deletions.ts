// Deleting stored bytes whose rows are gone. The keys are recorded in pending_object_deletions
// in the same transaction that removes the rows, so a store failure (or a crash) between the
// commit and the delete cannot leave personal documents behind unnoticed: each key stays
// recorded until the store confirms its delete, and maintenance retries the rest.
import { eq, inArray, notInArray, sql } from 'drizzle-orm';
import { pendingObjectDeletions } from '../../../schema/db.ts';
import type { Database } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { safeError } from '../../safe-error.ts';
import { workLeft } from '../work-budget/work-budget.ts';

const BATCH_SIZE = 200;

/** The statement to put in the deleting batch; null when there is nothing to record. */
export function recordPendingDeletions(db: Database, keys: readonly string[], now: Date) {
  if (keys.length === 0) return null;
  return db
    .insert(pendingObjectDeletions)
    .values(keys.map((objectKey) => ({ objectKey, createdAt: now })))
    .onConflictDoNothing();
}

/** Deletes each key from the store; forgets the keys whose delete succeeded. */
export async function deletePendingObjects(deps: Deps, keys: readonly string[]): Promise<number> {
  let done = 0;
  for (const key of keys) {
    // A scheduled run stops at its budget; the rest stay recorded for the next run.
    if (!workLeft(deps)) break;
    try {
      await deps.store.delete(key);
      await deps.db.delete(pendingObjectDeletions).where(eq(pendingObjectDeletions.objectKey, key));
      done++;
    } catch (error) {
      await deps.db
        .update(pendingObjectDeletions)
        .set({ attempts: sql`${pendingObjectDeletions.attempts} + 1` })
        .where(eq(pendingObjectDeletions.objectKey, key))
        .catch(() => {});
      deps.logger.error('stored object not removed yet; maintenance retries it', {
        objectKey: key,
        ...safeError(error),
      });
    }
  }
  return done;
}

/** Maintenance: retries every recorded delete, oldest first. Returns how many succeeded. */
export async function retryPendingObjectDeletions(deps: Deps): Promise<number> {
  let done = 0;
  let after: string[] = [];
  while (workLeft(deps)) {
    const rows = await deps.db
      .select({ objectKey: pendingObjectDeletions.objectKey })
      .from(pendingObjectDeletions)
      .where(after.length > 0 ? notInArray(pendingObjectDeletions.objectKey, after) : undefined)
      .orderBy(pendingObjectDeletions.createdAt, pendingObjectDeletions.objectKey)
      .limit(BATCH_SIZE);
    done += await deletePendingObjects(
      deps,
      rows.map((r) => r.objectKey),
    );
    if (rows.length < BATCH_SIZE) return done;
    // Keys that failed again stay; skip them so one run ends.
    const left = await deps.db
      .select({ objectKey: pendingObjectDeletions.objectKey })
      .from(pendingObjectDeletions)
      .where(
        inArray(
          pendingObjectDeletions.objectKey,
          rows.map((r) => r.objectKey),
        ),
      );
    after = [...after, ...left.map((r) => r.objectKey)];
  }
  return done;
}
