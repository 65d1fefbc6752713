// Staff changes to the scheme catalogue (docs/decisions/072-staff-managed-catalogue.md): rename,
// add a scheme, move it to another administrator from a date, mark it inactive, set the
// hard-copy flag with its source note, keep notes and sources. Each change and its audit entry
// are written in one batch. Submissions are not touched: they keep the names they were made with.
import { eq, max } from 'drizzle-orm';
import type { SchemeCreationRequest, SchemeUpdateRequest } from '../../../schema/catalogue-api.ts';
import { catalogueAdministrators, catalogueReviews, catalogueSchemes } from '../../../schema/db.ts';
import { checklistOrNull } from '../../../schema/posting-checklist.ts';
import type { Database } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http.ts';
import { auditInsert } from '../security-log/audit-log.ts';
import type { StaffIdentity } from '../staff-sessions/sessions.ts';
import { ensureCatalogueSeeded } from './catalogue-seed.ts';

type SchemeRow = typeof catalogueSchemes.$inferSelect;

/** `2026-06-01` (or `2026-06`, `2026`) is not after today. */
function notInFuture(date: string, now: Date): boolean {
  return date <= now.toISOString().slice(0, date.length);
}

function refuse(field: string, message: string): never {
  throw new ApiError(400, 'invalid_catalogue_change', message, { [field]: message });
}

async function administratorOfOthers(db: Database, key: string) {
  const [administrator] = await db
    .select()
    .from(catalogueAdministrators)
    .where(eq(catalogueAdministrators.key, key));
  if (!administrator) refuse('administratorKey', 'There is no administrator with this key.');
  if (administrator.selfAdministered) {
    refuse(
      'administratorKey',
      'This administrator is a self-administered scheme; choose one that administers other schemes.',
    );
  }
  return administrator;
}

async function nextPosition(db: Database, administratorKey: string): Promise<number> {
  const [row] = await db
    .select({ last: max(catalogueSchemes.position) })
    .from(catalogueSchemes)
    .where(eq(catalogueSchemes.administratorKey, administratorKey));
  return (row?.last ?? -1) + 1;
}

/** The fields that change, each as { from, to }, for the audit entry. */
function differences(before: SchemeRow, after: Partial<SchemeRow>) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, to] of Object.entries(after)) {
    const from = before[field as keyof SchemeRow];
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
  }
  return changes;
}

export async function updateCatalogueScheme(
  deps: Deps,
  staff: StaffIdentity,
  key: string,
  input: SchemeUpdateRequest,
): Promise<boolean> {
  const { db } = deps;
  const now = deps.clock.now();
  await ensureCatalogueSeeded(db, now);
  const [scheme] = await db.select().from(catalogueSchemes).where(eq(catalogueSchemes.key, key));
  if (!scheme) return false;
  const selfAdministered = scheme.administratorKey === scheme.key;
  const next: Partial<SchemeRow> = {};
  if (input.label !== undefined) next.label = input.label;
  if (input.notes !== undefined) next.notes = input.notes || null;
  if (input.sources !== undefined) next.sources = [...new Set(input.sources)];
  if (input.administratorUnconfirmed !== undefined)
    next.administratorUnconfirmed = input.administratorUnconfirmed;
  if (input.requiresHardCopy !== undefined) next.requiresHardCopy = input.requiresHardCopy;
  if (input.hardCopyNote !== undefined) next.hardCopyNote = input.hardCopyNote;
  if (input.postingChecklist !== undefined)
    next.postingChecklist = checklistOrNull(input.postingChecklist);
  if (input.administratorKey !== undefined && input.administratorKey !== scheme.administratorKey) {
    if (selfAdministered) {
      refuse(
        'administratorKey',
        'A self-administered scheme stays its own administrator. Add it under the new administrator and mark this entry inactive.',
      );
    }
    await administratorOfOthers(db, input.administratorKey);
    const since = input.administratorSince ?? '';
    if (!notInFuture(since, now)) {
      refuse(
        'administratorSince',
        'Record the move on or after the day the new administrator takes over.',
      );
    }
    next.administratorKey = input.administratorKey;
    next.administratorSince = since;
    next.position = await nextPosition(db, input.administratorKey);
  } else if (input.administratorSince !== undefined) {
    next.administratorSince = input.administratorSince;
  }
  if (input.active === false) {
    next.active = false;
    next.inactiveSince = input.inactiveSince ?? null;
    next.inactiveNote = input.inactiveNote ?? null;
    if (input.successor !== undefined) next.successor = input.successor || null;
  } else if (input.active === true) {
    next.active = true;
    next.inactiveSince = null;
    next.inactiveNote = null;
    next.successor = null;
  }
  const changes = differences(scheme, next);
  if (Object.keys(changes).length === 0) return true;
  await db.batch([
    db
      .update(catalogueSchemes)
      .set({ ...next, updatedAt: now })
      .where(eq(catalogueSchemes.key, key)),
    // A self-administered scheme's name is its administrator's too.
    ...(selfAdministered && next.label
      ? [
          db
            .update(catalogueAdministrators)
            .set({ label: next.label, updatedAt: now })
            .where(eq(catalogueAdministrators.key, key)),
        ]
      : []),
    auditInsert(
      db,
      {
        staff,
        action: 'catalogue_scheme_changed',
        entityType: 'catalogue_scheme',
        entityId: key,
        details: { scheme: scheme.label, changes },
      },
      now,
    ),
  ]);
  return true;
}

/** A scheme key from its name: `Libcare Medical Scheme` → `libcare_medical_scheme`. */
export function schemeKeyFor(label: string): string {
  return label
    .normalize('NFKD')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 80);
}

export async function addCatalogueScheme(
  deps: Deps,
  staff: StaffIdentity,
  input: SchemeCreationRequest,
): Promise<string> {
  const { db } = deps;
  const now = deps.clock.now();
  await ensureCatalogueSeeded(db, now);
  const administrator = await administratorOfOthers(db, input.administratorKey);
  const key = schemeKeyFor(input.label);
  if (!key) refuse('label', 'Give the scheme a name with letters or digits.');
  const [[schemeTaken], [administratorTaken]] = await Promise.all([
    db
      .select({ key: catalogueSchemes.key })
      .from(catalogueSchemes)
      .where(eq(catalogueSchemes.key, key)),
    db
      .select({ key: catalogueAdministrators.key })
      .from(catalogueAdministrators)
      .where(eq(catalogueAdministrators.key, key)),
  ]);
  if (schemeTaken || administratorTaken) {
    throw new ApiError(
      409,
      'scheme_exists',
      'A scheme or administrator with this name is already in the catalogue.',
      { label: 'Already in the catalogue' },
    );
  }
  const row = {
    key,
    administratorKey: administrator.key,
    label: input.label,
    position: await nextPosition(db, administrator.key),
    notes: input.notes || null,
    sources: [...new Set(input.sources ?? [])],
    requiresHardCopy: input.requiresHardCopy,
    hardCopyNote: input.hardCopyNote,
    administratorSince: input.administratorSince ?? null,
    administratorUnconfirmed: false,
    active: true,
    createdAt: now,
    updatedAt: now,
  };
  await db.batch([
    db.insert(catalogueSchemes).values(row),
    auditInsert(
      db,
      {
        staff,
        action: 'catalogue_scheme_added',
        entityType: 'catalogue_scheme',
        entityId: key,
        details: {
          scheme: row.label,
          administratorKey: row.administratorKey,
          requiresHardCopy: row.requiresHardCopy,
        },
      },
      now,
    ),
  ]);
  return key;
}

/** Staff checked the whole list today: the "as of" practitioners see. */
export async function markCatalogueReviewed(deps: Deps, staff: StaffIdentity): Promise<void> {
  const { db } = deps;
  const now = deps.clock.now();
  await ensureCatalogueSeeded(db, now);
  const reviewedOn = now.toISOString().slice(0, 10);
  await db.batch([
    db
      .insert(catalogueReviews)
      .values({ id: 1, reviewedOn, reviewedBy: staff.email, updatedAt: now })
      .onConflictDoUpdate({
        target: catalogueReviews.id,
        set: { reviewedOn, reviewedBy: staff.email, updatedAt: now },
      }),
    auditInsert(
      db,
      {
        staff,
        action: 'catalogue_reviewed',
        entityType: 'catalogue',
        entityId: 'catalogue',
        details: { reviewedOn },
      },
      now,
    ),
  ]);
}
