// Writes the built-in catalogue (schema/catalogue-seed.ts) into the database on first start:
// once, when no administrator is stored yet, in one batch, so a half-seeded catalogue cannot be
// left behind. Concurrent first requests (several isolates) insert the same rows; the loser's
// rows are ignored.
import {
  catalogueSeed,
  SEED_REVIEWED_ON,
  type SeedAdministrator,
  selfFacts,
} from '../../../schema/catalogue-seed.ts';
import { catalogueAdministrators, catalogueReviews, catalogueSchemes } from '../../../schema/db.ts';
import type { Database } from '../../db.ts';

const seeded = new WeakSet<Database>();

function schemeRows(administrator: SeedAdministrator, now: Date) {
  const schemes =
    administrator.administered.length > 0
      ? administrator.administered
      : [{ key: administrator.key, label: administrator.label, ...selfFacts(administrator) }];
  return schemes.map((s, position) => ({
    key: s.key,
    administratorKey: administrator.key,
    label: s.label,
    position,
    notes: s.notes ?? null,
    // The scheme's own sources first, then its administrator's (where its listing comes from).
    sources: [...new Set([...(s.sources ?? []), ...administrator.sources])],
    requiresHardCopy: s.requiresHardCopy,
    hardCopyNote: s.hardCopyNote,
    administratorSince: s.administratorSince ?? null,
    administratorUnconfirmed: s.administratorUnconfirmed ?? false,
    active: !s.inactive,
    inactiveSince: s.inactive?.since ?? null,
    inactiveNote: s.inactive?.note ?? null,
    successor: s.inactive?.successor ?? null,
    createdAt: now,
    updatedAt: now,
  }));
}

export async function ensureCatalogueSeeded(db: Database, now: Date): Promise<void> {
  if (seeded.has(db)) return;
  const [any] = await db
    .select({ key: catalogueAdministrators.key })
    .from(catalogueAdministrators)
    .limit(1);
  if (!any) {
    await db.batch([
      db
        .insert(catalogueAdministrators)
        .values(
          catalogueSeed.map((a, position) => ({
            key: a.key,
            label: a.label,
            position,
            selfAdministered: a.administered.length === 0,
            sources: a.sources,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .onConflictDoNothing(),
      db
        .insert(catalogueSchemes)
        .values(catalogueSeed.flatMap((a) => schemeRows(a, now)))
        .onConflictDoNothing(),
      db
        .insert(catalogueReviews)
        .values({ id: 1, reviewedOn: SEED_REVIEWED_ON, reviewedBy: null, updatedAt: now })
        .onConflictDoNothing(),
    ]);
  }
  seeded.add(db);
}
