// Pure domain rules shared by the web app and the API (docs/product.md#states, #validation). No
// imports of
// heavy libraries: this file is bundled into the practitioner's first load.
import { type Catalogue, findAdministrator } from './catalogue.ts';

// ---- Sections (docs/product.md#states) ----

export type FileStatus = 'uploading' | 'processing' | 'completed' | 'error';
export type SectionStatus =
  | 'empty'
  | 'uploading'
  | 'processing'
  | 'completed'
  | 'error'
  | 'rejected';

export function deriveSectionStatus(
  files: readonly { status: FileStatus }[],
  minFiles: number,
): SectionStatus {
  if (files.length === 0) return 'empty';
  if (files.some((f) => f.status === 'uploading')) return 'uploading';
  if (files.some((f) => f.status === 'error')) return 'error';
  if (files.some((f) => f.status === 'processing')) return 'processing';
  if (files.every((f) => f.status === 'completed') && files.length >= minFiles) return 'completed';
  return 'processing';
}

export const DEFAULT_REJECTION_REASON = 'Please re-upload (rejected).';

export type SectionProgress = {
  key: string;
  label: string;
  required: boolean;
  status: SectionStatus;
  reason?: string;
};

export function sectionBlockers(sections: readonly SectionProgress[]): SectionProgress[] {
  return sections
    .filter((s) => (s.required && s.status !== 'completed') || s.status === 'rejected')
    .map((s) =>
      s.status === 'rejected' ? { ...s, reason: s.reason || DEFAULT_REJECTION_REASON } : s,
    );
}

export function canSubmitSections(sections: readonly SectionProgress[]): boolean {
  return sections.length > 0 && sectionBlockers(sections).length === 0;
}

// ---- Scheme selection (docs/product.md#states) ----

export type SchemeSelection = { selectedParents: string[]; selectedSchemes: string[] };

export function toggleAdministrator(
  catalogue: Catalogue,
  selection: SchemeSelection,
  administratorKey: string,
): SchemeSelection {
  const administrator = findAdministrator(catalogue, administratorKey);
  if (!administrator) return selection;
  const selected = selection.selectedParents.includes(administratorKey);
  const childKeys = administrator.administered.map((s) => s.key);
  if (selected) {
    return {
      selectedParents: selection.selectedParents.filter((k) => k !== administratorKey),
      selectedSchemes: selection.selectedSchemes.filter(
        (k) => !childKeys.includes(k) && k !== administratorKey,
      ),
    };
  }
  // A self-administered scheme's scheme key equals its administrator key.
  const added = childKeys.length > 0 ? childKeys : [administratorKey];
  return {
    selectedParents: [...selection.selectedParents, administratorKey],
    selectedSchemes: [...selection.selectedSchemes.filter((k) => !added.includes(k)), ...added],
  };
}

export function toggleScheme(
  catalogue: Catalogue,
  selection: SchemeSelection,
  administratorKey: string,
  schemeKey: string,
): SchemeSelection {
  const administrator = findAdministrator(catalogue, administratorKey);
  if (!administrator || administrator.administered.length === 0) {
    return toggleAdministrator(catalogue, selection, administratorKey);
  }
  const childKeys = administrator.administered.map((s) => s.key);
  if (selection.selectedSchemes.includes(schemeKey)) {
    const selectedSchemes = selection.selectedSchemes.filter((k) => k !== schemeKey);
    const anyLeft = selectedSchemes.some((k) => childKeys.includes(k));
    return {
      selectedParents: anyLeft
        ? selection.selectedParents
        : selection.selectedParents.filter((k) => k !== administratorKey),
      selectedSchemes,
    };
  }
  return {
    selectedParents: selection.selectedParents.includes(administratorKey)
      ? selection.selectedParents
      : [...selection.selectedParents, administratorKey],
    selectedSchemes: [...selection.selectedSchemes, schemeKey],
  };
}

/** The selection without keys the catalogue no longer offers (e.g. a scheme marked inactive). */
export function withinCatalogue(catalogue: Catalogue, selection: SchemeSelection): SchemeSelection {
  const schemeKeys = new Set(
    catalogue.flatMap((a) =>
      a.administered.length > 0 ? a.administered.map((s) => s.key) : [a.key],
    ),
  );
  const selectedSchemes = selection.selectedSchemes.filter((k) => schemeKeys.has(k));
  const selectedParents = selection.selectedParents.filter((parent) => {
    const administrator = findAdministrator(catalogue, parent);
    if (!administrator) return false;
    const keys =
      administrator.administered.length > 0
        ? administrator.administered.map((s) => s.key)
        : [parent];
    return keys.some((k) => selectedSchemes.includes(k));
  });
  return { selectedParents, selectedSchemes };
}

/**
 * A selection is consistent when every scheme belongs to a selected administrator and
 * every selected administrator has at least one of its schemes selected.
 */
export function selectionProblems(catalogue: Catalogue, selection: SchemeSelection): string[] {
  const problems: string[] = [];
  for (const parent of selection.selectedParents) {
    const administrator = findAdministrator(catalogue, parent);
    if (!administrator) {
      problems.push(`Unknown administrator "${parent}"`);
      continue;
    }
    const keys =
      administrator.administered.length > 0
        ? administrator.administered.map((s) => s.key)
        : [parent];
    if (!keys.some((k) => selection.selectedSchemes.includes(k))) {
      problems.push(`No scheme selected for administrator "${parent}"`);
    }
  }
  for (const scheme of selection.selectedSchemes) {
    const owner = selection.selectedParents.find((parent) => {
      const administrator = findAdministrator(catalogue, parent);
      if (!administrator) return false;
      return administrator.administered.length > 0
        ? administrator.administered.some((s) => s.key === scheme)
        : parent === scheme;
    });
    if (!owner) problems.push(`Scheme "${scheme}" does not belong to a selected administrator`);
  }
  return problems;
}

// ---- Timeline (docs/product.md#states) ----

export type TimelineState = 'completed' | 'pending' | 'in_progress';

export function timelineState(eventType: string): TimelineState {
  const t = eventType.toLowerCase();
  if (t.includes('completed') || t.includes('approved')) return 'completed';
  if (t.includes('pending')) return 'pending';
  return 'in_progress';
}

export function timelineTitle(eventType: string): string {
  return eventType
    .split('_')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}
