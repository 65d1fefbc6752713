// Removes uploads no submission used within ORPHAN_UPLOAD_AGE_MS and no draft keeps alive
// (keptUntil, decision 066): the bytes first, then the ticket, so a failure part-way leaves the
// ticket for the next run to retry. Only practitioner
// document tickets are touched; registration-form uploads belong to the staff workflow.
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { uploadTickets } from '../../../schema/db.ts';
import type { Deps } from '../../deps.ts';
import { workLeft } from '../work-budget/work-budget.ts';
import { ORPHAN_UPLOAD_AGE_MS } from './upload-tickets.ts';

const BATCH_SIZE = 200;

/** Returns how many orphaned uploads were removed. */
export async function removeOrphanedUploads(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - ORPHAN_UPLOAD_AGE_MS);
  let removed = 0;
  while (workLeft(deps)) {
    const orphans = await deps.db
      .select({
        objectKey: uploadTickets.objectKey,
        multipartUploadId: uploadTickets.multipartUploadId,
        completedAt: uploadTickets.completedAt,
      })
      .from(uploadTickets)
      .where(
        and(
          eq(uploadTickets.purpose, 'submission_document'),
          isNull(uploadTickets.usedAt),
          lt(uploadTickets.createdAt, cutoff),
          or(isNull(uploadTickets.keptUntil), lt(uploadTickets.keptUntil, now)),
        ),
      )
      .limit(BATCH_SIZE);
    for (const { objectKey, multipartUploadId, completedAt } of orphans) {
      if (!workLeft(deps)) return removed;
      // An upload in parts never completed: its parts go with it (decision 063).
      if (multipartUploadId && !completedAt) {
        await deps.store.abortMultipartUpload(objectKey, multipartUploadId);
      }
      await deps.store.delete(objectKey);
      await deps.db
        .delete(uploadTickets)
        .where(and(eq(uploadTickets.objectKey, objectKey), isNull(uploadTickets.usedAt)));
      removed++;
    }
    if (orphans.length < BATCH_SIZE) return removed;
  }
  return removed;
}
