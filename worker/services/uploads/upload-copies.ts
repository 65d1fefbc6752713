// A stored upload copied to a key of its own, with a ticket as if it had been uploaded there:
// a practice's shared document becomes each practitioner's own file (decision 120), so a
// submission's documents stay its own and its deletion removes only its copies. The key is
// given by the caller (made from stable ids), so a retried submit finds the copy it made.
import { sql } from 'drizzle-orm';
import { uploadTickets } from '../../../schema/db.ts';
import { type DocumentSection, MAX_FILE_BYTES, mimeTypesFor } from '../../../schema/sections.ts';
import type { Deps } from '../../deps.ts';
import { ObjectExistsError } from '../../ports.ts';

/** An upload key (uploads/<uuid-shaped hex>) made from a name: the same name, the same key. */
export async function uploadKeyFor(name: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(name));
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  return `uploads/${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Copies sourceKey to targetKey (once) and writes or refreshes its unspent ticket for section,
 * so the submission that names targetKey checks it like any upload. False when the source is gone.
 */
export async function copyUpload(
  deps: Deps,
  sourceKey: string,
  targetKey: string,
  section: DocumentSection,
): Promise<boolean> {
  const source = await deps.store.get(sourceKey);
  if (!source) return false;
  try {
    await deps.store.put(targetKey, source.body, {
      contentType: source.contentType,
      maxBytes: MAX_FILE_BYTES,
      length: source.size,
    });
  } catch (error) {
    await source.body.cancel().catch(() => {});
    if (!(error instanceof ObjectExistsError)) throw error;
  }
  const now = deps.clock.now();
  await deps.db
    .insert(uploadTickets)
    .values({
      objectKey: targetKey,
      purpose: 'submission_document',
      requestedName: `${section.key}_copy`,
      sectionKey: section.key,
      allowedTypes: mimeTypesFor(section),
      maxBytes: MAX_FILE_BYTES,
      clientKey: null,
      createdAt: now,
      expiresAt: now,
      storedBytes: source.size,
    })
    // An unspent copy of an earlier attempt is usable again from now.
    .onConflictDoUpdate({
      target: uploadTickets.objectKey,
      set: { createdAt: now },
      setWhere: sql`${uploadTickets.usedAt} IS NULL`,
    });
  return true;
}
