// Reading the live scheme catalogue (docs/decisions/072-staff-managed-catalogue.md): the active
// view the wizard, the submission rules and the registration forms use, and the full view staff
// keep. Seeded on first read (catalogue-seed.ts).
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { BatchResponse } from 'drizzle-orm/batch';
import type { Catalogue, CatalogueAdministrator } from '../../../schema/catalogue.ts';
import type { PublicCatalogue, StaffCatalogue } from '../../../schema/catalogue-api.ts';
import {
  auditLogs,
  catalogueAdministrators,
  catalogueReviews,
  catalogueSchemes,
} from '../../../schema/db.ts';
import type { Database } from '../../db.ts';
import { ensureCatalogueSeeded } from './catalogue-seed.ts';

/** The audit entity types of catalogue changes (catalogue-edits.ts). */
export const CATALOGUE_ENTITIES = ['catalogue_scheme', 'catalogue'] as const;
const CHANGES_SHOWN = 100;

/**
 * The three tables' reads, for one batch: one round trip to Turso on Workers, and one snapshot.
 * A caller may put them in a batch of its own and give the answers to liveCatalogueFrom.
 */
export function catalogueReads(db: Database) {
  return [
    db.select().from(catalogueAdministrators).orderBy(asc(catalogueAdministrators.position)),
    db.select().from(catalogueSchemes).orderBy(asc(catalogueSchemes.position)),
    db.select().from(catalogueReviews).where(eq(catalogueReviews.id, 1)),
  ] as const;
}

export type CatalogueRead = BatchResponse<ReturnType<typeof catalogueReads>>;

function rowsOf([administrators, schemes, [review]]: CatalogueRead) {
  return { administrators, schemes, review };
}

/** The catalogue's rows, from the caller's batch when it read them (read). */
async function rows(db: Database, now: Date, read?: CatalogueRead) {
  // Read first and seed only when nothing is there: the seed check is no extra round trip
  // (on Workers each request has its own client, so a per-client "seeded" memory never helps).
  const first = rowsOf(read ?? (await db.batch(catalogueReads(db))));
  if (first.administrators.length > 0) return first;
  await ensureCatalogueSeeded(db, now);
  return rowsOf(await db.batch(catalogueReads(db)));
}

type Rows = Awaited<ReturnType<typeof rows>>;

/** Active schemes only; a self-administered administrator whose scheme is inactive is left out. */
function activeView({ administrators, schemes }: Rows): CatalogueAdministrator[] {
  return administrators.flatMap((a): CatalogueAdministrator[] => {
    const own = schemes.filter((s) => s.administratorKey === a.key && s.active);
    if (a.selfAdministered) {
      const self = own.find((s) => s.key === a.key);
      return self
        ? [
            {
              key: a.key,
              label: self.label,
              requiresHardCopy: self.requiresHardCopy,
              administered: [],
            },
          ]
        : [];
    }
    if (own.length === 0) return [];
    const administered = own.map(({ key, label, requiresHardCopy }) => ({
      key,
      label,
      requiresHardCopy,
    }));
    return [{ key: a.key, label: a.label, requiresHardCopy: false, administered }];
  });
}

export async function liveCatalogue(db: Database, now: Date): Promise<Catalogue> {
  return activeView(await rows(db, now));
}

/** The live catalogue from its reads (catalogueReads) in a caller's batch. */
export async function liveCatalogueFrom(
  db: Database,
  now: Date,
  read: CatalogueRead,
): Promise<Catalogue> {
  return activeView(await rows(db, now, read));
}

export async function publicCatalogueView(db: Database, now: Date): Promise<PublicCatalogue> {
  const read = await rows(db, now);
  return { reviewedOn: read.review?.reviewedOn ?? '', administrators: activeView(read) };
}

export async function staffCatalogueView(db: Database, now: Date): Promise<StaffCatalogue> {
  const read = await rows(db, now);
  const selfKeys = new Set(read.administrators.filter((a) => a.selfAdministered).map((a) => a.key));
  const changes = await db
    .select()
    .from(auditLogs)
    .where(inArray(auditLogs.entityType, [...CATALOGUE_ENTITIES]))
    .orderBy(desc(auditLogs.createdAt))
    .limit(CHANGES_SHOWN);
  return {
    reviewedOn: read.review?.reviewedOn ?? '',
    reviewedBy: read.review?.reviewedBy ?? null,
    administrators: read.administrators.map(({ key, label, selfAdministered, sources }) => ({
      key,
      label,
      selfAdministered,
      sources,
    })),
    schemes: read.schemes.map((s) => ({
      key: s.key,
      label: s.label,
      administratorKey: s.administratorKey,
      selfAdministered: selfKeys.has(s.key),
      notes: s.notes,
      sources: s.sources,
      requiresHardCopy: s.requiresHardCopy,
      hardCopyNote: s.hardCopyNote,
      administratorSince: s.administratorSince,
      administratorUnconfirmed: s.administratorUnconfirmed,
      active: s.active,
      inactiveSince: s.inactiveSince,
      inactiveNote: s.inactiveNote,
      successor: s.successor,
      postingChecklist: s.postingChecklist ?? null,
      updatedAt: s.updatedAt.toISOString(),
    })),
    changes: changes.map((c) => ({
      id: c.id,
      actor: c.actor,
      action: c.action,
      entityId: c.entityId,
      details: c.details,
      createdAt: c.createdAt.toISOString(),
    })),
  };
}
