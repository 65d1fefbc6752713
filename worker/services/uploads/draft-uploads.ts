// Keeping a draft's uploads (decision 066). Drafts span days, but an upload no submission used
// is removed after a day: the device says its draft is alive (when it is opened or edited), and
// each upload it names is kept for DRAFT_KEEP_MS from then, never longer than MAX_UPLOAD_KEEP_MS
// after it was made. Only unused practitioner uploads that arrived are kept; anything else named
// is passed over, so the answer reveals nothing about other uploads.
import { inArray } from 'drizzle-orm';
import { uploadTickets } from '../../../schema/db.ts';
import type { Deps } from '../../deps.ts';
import {
  DRAFT_KEEP_MS,
  MAX_UPLOAD_KEEP_MS,
  objectKeyFromUploadUrl,
  uploadUsable,
} from './upload-tickets.ts';

export async function keepDraftUploads(
  deps: Deps,
  urls: readonly string[],
): Promise<{ kept: number; keptUntil: Date }> {
  const now = deps.clock.now();
  const keptUntil = new Date(now.getTime() + DRAFT_KEEP_MS);
  const keys = [
    ...new Set(urls.map(objectKeyFromUploadUrl).filter((k): k is string => k !== null)),
  ];
  if (keys.length === 0) return { kept: 0, keptUntil };
  const tickets = await deps.db
    .select()
    .from(uploadTickets)
    .where(inArray(uploadTickets.objectKey, keys));
  let kept = 0;
  for (const ticket of tickets) {
    if (ticket.purpose !== 'submission_document' || ticket.usedAt) continue;
    // An upload already given up on stays given up: the sweep may be removing it now.
    if (!uploadUsable(ticket, now)) continue;
    const stored = await deps.store.head(ticket.objectKey);
    if (!stored) continue;
    const until = Math.min(keptUntil.getTime(), ticket.createdAt.getTime() + MAX_UPLOAD_KEEP_MS);
    await deps.db
      .update(uploadTickets)
      .set({ keptUntil: new Date(until), storedBytes: stored.size })
      .where(inArray(uploadTickets.objectKey, [ticket.objectKey]));
    kept++;
  }
  return { kept, keptUntil };
}
