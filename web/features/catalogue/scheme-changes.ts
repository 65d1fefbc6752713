// What the catalogue page sends and shows (decision 072): a scheme's edit form, the change
// request built from it (only the fields that changed), and the audit entries in words.
import { formatCatalogueDate } from '../../../schema/catalogue.ts';
import type {
  CatalogueChange,
  StaffCatalogue,
  StaffCatalogueScheme,
} from '../../../schema/catalogue-api.ts';
import type { BodyOf } from '../../../schema/endpoint.ts';
import type { catalogueSchemeChange } from '../../../schema/staff-endpoints.ts';

export type SchemeForm = {
  label: string;
  administratorKey: string;
  administratorSince: string;
  administratorUnconfirmed: boolean;
  requiresHardCopy: boolean;
  hardCopyNote: string;
  notes: string;
  /** One link a line. */
  sources: string;
  active: boolean;
  inactiveSince: string;
  inactiveNote: string;
  successor: string;
};

export function formOf(scheme: StaffCatalogueScheme): SchemeForm {
  return {
    label: scheme.label,
    administratorKey: scheme.administratorKey,
    administratorSince: scheme.administratorSince ?? '',
    administratorUnconfirmed: scheme.administratorUnconfirmed,
    requiresHardCopy: scheme.requiresHardCopy,
    hardCopyNote: scheme.hardCopyNote,
    notes: scheme.notes ?? '',
    sources: scheme.sources.join('\n'),
    active: scheme.active,
    inactiveSince: scheme.inactiveSince ?? '',
    inactiveNote: scheme.inactiveNote ?? '',
    successor: scheme.successor ?? '',
  };
}

export const sourceLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

type SchemeChange = BodyOf<typeof catalogueSchemeChange>;

/** The change request: only what differs from the scheme; empty when nothing does. */
export function changeFor(scheme: StaffCatalogueScheme, form: SchemeForm): SchemeChange {
  const before = formOf(scheme);
  const change: SchemeChange = {};
  const trimmed = (v: string) => v.trim();
  // Left empty, a required value is left out, so the server names what is missing.
  const given = (v: string) => v.trim() || undefined;
  if (trimmed(form.label) !== before.label) change.label = trimmed(form.label);
  if (trimmed(form.notes) !== before.notes) change.notes = trimmed(form.notes) || null;
  if (sourceLines(form.sources).join('\n') !== before.sources)
    change.sources = sourceLines(form.sources);
  if (form.administratorKey !== before.administratorKey) {
    change.administratorKey = form.administratorKey;
    change.administratorSince = given(form.administratorSince);
  } else if (trimmed(form.administratorSince) !== before.administratorSince) {
    change.administratorSince = given(form.administratorSince);
  }
  if (form.administratorUnconfirmed !== before.administratorUnconfirmed)
    change.administratorUnconfirmed = form.administratorUnconfirmed;
  if (form.requiresHardCopy !== before.requiresHardCopy) {
    change.requiresHardCopy = form.requiresHardCopy;
    change.hardCopyNote = given(form.hardCopyNote);
  } else if (trimmed(form.hardCopyNote) !== before.hardCopyNote) {
    change.hardCopyNote = given(form.hardCopyNote);
  }
  if (!form.active && before.active) {
    change.active = false;
    change.inactiveSince = given(form.inactiveSince);
    change.inactiveNote = given(form.inactiveNote);
    change.successor = trimmed(form.successor) || null;
  } else if (form.active && !before.active) {
    change.active = true;
  }
  return change;
}

type Administrators = StaffCatalogue['administrators'];
type FieldChange = { from: unknown; to: unknown };

function part(field: string, { to }: FieldChange, name: (key: string) => string): string | null {
  const date = (v: unknown) => (typeof v === 'string' && v ? formatCatalogueDate(v) : 'none');
  switch (field) {
    case 'label':
      return `renamed to “${String(to)}”`;
    case 'administratorKey':
      return `moved to ${name(String(to))}`;
    case 'administratorSince':
      return `administered since ${date(to)}`;
    case 'administratorUnconfirmed':
      return to ? 'administrator marked unconfirmed' : 'administrator confirmed';
    case 'requiresHardCopy':
      return to ? 'hard copy required' : 'hard copy not required';
    case 'hardCopyNote':
      return `hard-copy note: “${String(to)}”`;
    case 'notes':
      return 'note changed';
    case 'sources':
      return 'sources changed';
    case 'active':
      return to ? 'active again' : 'marked inactive';
    case 'inactiveSince':
      return to ? `inactive since ${date(to)}` : null;
    case 'inactiveNote':
      return to ? `“${String(to)}”` : null;
    case 'successor':
      return to ? `successor: ${String(to)}` : null;
    default:
      return null;
  }
}

/** An audit entry of the catalogue in words, e.g. "Bonitas: moved to Momentum (…)". */
export function describeChange(change: CatalogueChange, administrators: Administrators): string {
  const name = (key: string) => administrators.find((a) => a.key === key)?.label ?? key;
  const details = change.details ?? {};
  const scheme = typeof details.scheme === 'string' ? details.scheme : change.entityId;
  if (change.action === 'catalogue_reviewed') return 'Scheme list marked as reviewed';
  if (change.action === 'catalogue_scheme_added') {
    return `${scheme}: added under ${name(String(details.administratorKey))}`;
  }
  const changes = (details.changes ?? {}) as Record<string, FieldChange>;
  const parts = Object.entries(changes)
    .map(([field, value]) => part(field, value, name))
    .filter((p): p is string => p !== null);
  return `${scheme}: ${parts.join('; ') || 'changed'}`;
}
