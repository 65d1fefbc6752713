// Pure domain rules shared by the web app and the API (docs/product.md#states, #validation). No
// imports of
// heavy libraries: this file is bundled into the practitioner's first load.
import { findAdministrator } from './catalogue.ts';

/** South African ID number: 13 digits, YYMMDD a real date, Luhn check digit. */
export function isValidSaIdNumber(value: string): boolean {
  if (!/^\d{13}$/.test(value)) return false;
  const month = Number(value.slice(2, 4));
  const day = Number(value.slice(4, 6));
  if (month < 1 || month > 12 || day < 1) return false;
  // Any century: 29 February needs a year that can be a leap year in 19xx or 20xx.
  const yy = Number(value.slice(0, 2));
  const daysInMonth = new Date(Date.UTC(2000 + yy, month, 0)).getUTCDate();
  const altDays = new Date(Date.UTC(1900 + yy, month, 0)).getUTCDate();
  if (day > Math.max(daysInMonth, altDays)) return false;
  return luhnValid(value);
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** PCNS practice number issued by the BHF: 7 digits. */
export function isValidPracticeNumber(value: string): boolean {
  return /^\d{7}$/.test(value);
}

/**
 * HPCSA registration number: a register prefix of two or three letters (MP, DP, PS, OT,
 * PT, DT, SLH, ...) followed by 5 to 7 digits, optionally separated by a space.
 */
export function isValidHpcsaNumber(value: string): boolean {
  return /^[A-Za-z]{2,3} ?\d{5,7}$/.test(value.trim());
}

/** A plausible South African phone number: 0XX XXX XXXX or +27 XX XXX XXXX. */
export function isValidSaPhone(value: string): boolean {
  const compact = value.replace(/[\s()-]/g, '');
  return /^(?:\+27|0027|0)[1-9]\d{8}$/.test(compact);
}

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
  selection: SchemeSelection,
  administratorKey: string,
): SchemeSelection {
  const administrator = findAdministrator(administratorKey);
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
  selection: SchemeSelection,
  administratorKey: string,
  schemeKey: string,
): SchemeSelection {
  const administrator = findAdministrator(administratorKey);
  if (!administrator || administrator.administered.length === 0) {
    return toggleAdministrator(selection, administratorKey);
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

/**
 * A selection is consistent when every scheme belongs to a selected administrator and
 * every selected administrator has at least one of its schemes selected.
 */
export function selectionProblems(selection: SchemeSelection): string[] {
  const problems: string[] = [];
  for (const parent of selection.selectedParents) {
    const administrator = findAdministrator(parent);
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
      const administrator = findAdministrator(parent);
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
