// The mapping staff edit on the form-mapping screen, as the list the API stores: one entry per
// mapped form field, then the boxes placed on pages. Each change gives a new list.

import type { z } from 'zod/mini';
import type {
  FieldMapping,
  FormField,
  PageBox,
  placedKind,
} from '../../../schema/form-mapping-api.ts';
import { fixedAnswersOf, mappingFor } from '../../../schema/form-mapping-rules.ts';
import type { ProfileFieldKey } from '../../../schema/profile-fields.ts';

export type FieldEntry = Extract<FieldMapping, { formField: string }>;
export type PlacedEntry = Extract<FieldMapping, { placed: PageBox }>;
/** What a placed box is, as staff choose it: text, a tick box, or the signature. */
export type BoxKind = z.infer<typeof placedKind> | 'signature';

export const BOX_KIND_LABELS: Record<BoxKind, string> = {
  text: 'Text',
  checkbox: 'Tick box',
  signature: 'Signature',
};

export const isPlaced = (mapping: FieldMapping): mapping is PlacedEntry => 'placed' in mapping;

export function entryFor(mappings: readonly FieldMapping[], name: string): FieldEntry | undefined {
  return mappings.find((m): m is FieldEntry => 'formField' in m && m.formField === name);
}

/** Maps a form field to a profile field (answers proposed afresh), or unmaps it (''). */
export function withProfileField(
  mappings: readonly FieldMapping[],
  field: FormField,
  profileField: ProfileFieldKey | '',
): FieldMapping[] {
  const next = profileField === '' ? null : mappingFor(field, profileField);
  const index = mappings.findIndex((m) => 'formField' in m && m.formField === field.name);
  if (index < 0) return next ? [...mappings, next] : [...mappings];
  return next
    ? mappings.map((m, i) => (i === index ? next : m))
    : mappings.filter((_, i) => i !== index);
}

/** Sets the answer a mapped checkbox stands for ('' for 'any value'). */
export function withAnswer(
  mappings: readonly FieldMapping[],
  name: string,
  answer: string,
): FieldMapping[] {
  return mappings.map((m) => {
    if (!('formField' in m) || m.formField !== name) return m;
    const { answer: _old, ...rest } = m;
    return answer === '' ? rest : { ...rest, answer };
  });
}

/** Pairs one option of a mapped radio group with an answer ('' leaves the option unpaired). */
export function withChoice(
  mappings: readonly FieldMapping[],
  name: string,
  option: string,
  answer: string,
): FieldMapping[] {
  return mappings.map((m) => {
    if (!('formField' in m) || m.formField !== name) return m;
    const others = (m.choices ?? []).filter((c) => c.option !== option);
    const choices = answer === '' ? others : [...others, { option, answer }];
    const { choices: _old, ...rest } = m;
    return choices.length > 0 ? { ...rest, choices } : rest;
  });
}

/** A new box's size in points: a line of text, a tick box, a signature. */
const SIZES: Record<BoxKind, { width: number; height: number }> = {
  text: { width: 180, height: 18 },
  checkbox: { width: 12, height: 12 },
  signature: { width: 180, height: 48 },
};

export type PageSize = { width: number; height: number };

/** Keeps a box on its page (and within the API's limits) however it was dragged or typed. */
export function clampBox(box: PageBox, page: PageSize): PageBox {
  const width = Math.min(Math.max(box.width, 4), page.width);
  const height = Math.min(Math.max(box.height, 4), page.height);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    page: box.page,
    x: round(Math.min(Math.max(box.x, 0), page.width - width)),
    y: round(Math.min(Math.max(box.y, 0), page.height - height)),
    width: round(width),
    height: round(height),
  };
}

/** A box of `kind` centred on a point of the page (in PDF points, from its lower-left corner). */
export function placedBox(
  kind: BoxKind,
  profileField: ProfileFieldKey,
  at: { page: number; x: number; y: number },
  size: PageSize,
): PlacedEntry {
  const { width, height } = SIZES[kind];
  const placed = clampBox(
    { page: at.page, x: at.x - width / 2, y: at.y - height / 2, width, height },
    size,
  );
  if (kind === 'signature') return { placed, profileField: 'signature' };
  if (kind === 'text') return { placed, profileField };
  const answer = fixedAnswersOf(profileField)[0];
  return { placed, profileField, kind: 'checkbox', ...(answer ? { answer } : {}) };
}

export const kindOf = (entry: PlacedEntry): BoxKind =>
  entry.profileField === 'signature' ? 'signature' : (entry.kind ?? 'text');

/** Changes one placed box (by its index in the whole list). */
export function withPlaced(
  mappings: readonly FieldMapping[],
  index: number,
  change: (entry: PlacedEntry) => PlacedEntry,
): FieldMapping[] {
  return mappings.map((m, i) => (i === index && isPlaced(m) ? change(m) : m));
}

/** A placed box turned into another kind, keeping where it is. */
export function asKind(entry: PlacedEntry, kind: BoxKind): PlacedEntry {
  const { kind: _k, answer: _a, ...rest } = entry;
  if (kind === 'signature') return { ...rest, profileField: 'signature' };
  const profileField = rest.profileField === 'signature' ? 'fullName' : rest.profileField;
  if (kind === 'text') return { ...rest, profileField };
  const answer = fixedAnswersOf(profileField)[0];
  return { ...rest, profileField, kind: 'checkbox', ...(answer ? { answer } : {}) };
}

export const withoutIndex = (mappings: readonly FieldMapping[], index: number) =>
  mappings.filter((_, i) => i !== index);
