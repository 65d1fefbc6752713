// What the catalogue page sends and shows (decision 072): a scheme's edit form, the change
// request built from it (only the fields that changed), and the audit entries in words.
import { formatCatalogueDate } from '../../../schema/catalogue.ts';
import type {
  CatalogueChange,
  StaffCatalogue,
  StaffCatalogueScheme,
} from '../../../schema/catalogue-api.ts';
import type { BodyOf } from '../../../schema/endpoint.ts';
import type { PostingChecklist } from '../../../schema/posting-checklist.ts';
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
  /** The posting checklist: forms to sign by hand and documents to certify, one a line. */
  signByHand: string;
  certifiedCopies: string;
  certifiedWithinMonths: string;
  postTo: string;
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
    signByHand: scheme.postingChecklist?.signByHand.join('\n') ?? '',
    certifiedCopies: scheme.postingChecklist?.certifiedCopies.join('\n') ?? '',
    certifiedWithinMonths: String(scheme.postingChecklist?.certifiedWithinMonths ?? ''),
    postTo: scheme.postingChecklist?.postTo ?? '',
  };
}

/** The checklist the form says, or null when it says nothing; months stay as typed if not a number. */
function checklistOf(form: SchemeForm): PostingChecklist | null {
  const months = form.certifiedWithinMonths.trim();
  const list = {
    signByHand: sourceLines(form.signByHand),
    certifiedCopies: sourceLines(form.certifiedCopies),
    certifiedWithinMonths: months === '' ? null : Number(months),
    postTo: form.postTo.trim() || null,
  };
  const said =
    list.signByHand.length + list.certifiedCopies.length > 0 ||
    list.postTo !== null ||
    list.certifiedWithinMonths !== null;
  return said ? list : null;
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
  const checklist = checklistOf(form);
  if (JSON.stringify(checklist) !== JSON.stringify(checklistOf(before)))
    change.postingChecklist = checklist;
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
    case 'postingChecklist':
      return to ? 'posting checklist changed' : 'posting checklist removed';
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
