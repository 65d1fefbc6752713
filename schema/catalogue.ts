// The scheme catalogue as the wizard, the rules and the API read it (docs/product.md#entities
// "Scheme catalogue"): administrators in order, each with the active schemes it administers.
// Staff keep it in the database (worker/services/catalogue/catalogue.ts), seeded from
// schema/catalogue-seed.ts; the wizard gets it from GET /api/catalogue. Plain types and pure
// functions, no data: this file is bundled into the wizard.
//
// A self-administered (stand-alone) scheme is an administrator with no administered schemes;
// its key doubles as the scheme key.
import { MONTH_NAMES } from './month-names.ts';

export type CatalogueScheme = { key: string; label: string; requiresHardCopy: boolean };

export type CatalogueAdministrator = {
  key: string;
  label: string;
  /** Active schemes run by this administrator; empty for a self-administered scheme. */
  administered: CatalogueScheme[];
  /** The self-administered scheme's own flag. */
  requiresHardCopy: boolean;
};

export type Catalogue = readonly CatalogueAdministrator[];

export function findAdministrator(
  catalogue: Catalogue,
  key: string,
): CatalogueAdministrator | undefined {
  return catalogue.find((a) => a.key === key);
}

/** A scheme and its administrator; a self-administered administrator's key is its scheme key. */
export function findScheme(
  catalogue: Catalogue,
  key: string,
): { scheme: CatalogueScheme; administrator: CatalogueAdministrator } | undefined {
  for (const administrator of catalogue) {
    if (administrator.administered.length === 0) {
      if (administrator.key === key) {
        const { label, requiresHardCopy } = administrator;
        return { scheme: { key, label, requiresHardCopy }, administrator };
      }
      continue;
    }
    const scheme = administrator.administered.find((s) => s.key === key);
    if (scheme) return { scheme, administrator };
  }
  return undefined;
}

/** Every administered scheme plus every self-administered administrator, in catalogue order. */
export function allSchemes(
  catalogue: Catalogue,
): (CatalogueScheme & { administratorKey: string })[] {
  return catalogue.flatMap((a) =>
    a.administered.length === 0
      ? [
          {
            key: a.key,
            label: a.label,
            administratorKey: a.key,
            requiresHardCopy: a.requiresHardCopy,
          },
        ]
      : a.administered.map((s) => ({ ...s, administratorKey: a.key })),
  );
}

/**
 * The schemes a registration form can be filed under (docs/product.md#screens-and-routes
 * documents manager): every administrator as a parent scheme, followed by the schemes it
 * administers, in catalogue order. A self-administered administrator appears once.
 */
export function registrationFormSchemes(catalogue: Catalogue): { key: string; label: string }[] {
  return catalogue.flatMap((a) => [
    { key: a.key, label: a.label },
    ...a.administered.map((s) => ({ key: s.key, label: s.label })),
  ]);
}

/** A date the catalogue records: `2021`, `2022-01` or `2026-06-01`. */
export const PARTIAL_DATE = /^\d{4}(?:-(?:0[1-9]|1[0-2])(?:-(?:0[1-9]|[12]\d|3[01]))?)?$/;

/** `2022-01` → `January 2022`, `2026-06-01` → `1 June 2026`, `2021` → `2021`. */
export function formatCatalogueDate(value: string): string {
  const [year, month, day] = value.split('-');
  if (!month) return year ?? value;
  const name = MONTH_NAMES[Number(month) - 1] ?? month;
  return day ? `${Number(day)} ${name} ${year}` : `${name} ${year}`;
}
