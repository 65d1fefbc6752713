// The messages shown next to the wizard's fields: each field checked against the zod contract
// (fieldError in submission-payload.ts) on leaving it and while fixing a shown message, and on
// Submit every message at once, the first field with one focused.
import type { Draft } from './draft.ts';
import { type FieldErrors, fieldError } from './submission-payload.ts';

/** DOM ids of the fields, by API path and in screen order: server errors land at the field. */
export const FIELD_IDS: Record<string, string> = {
  'practitioner.firstName': 'first-name',
  'practitioner.lastName': 'last-name',
  'practitioner.idNumber': 'id-number',
  'practitioner.email': 'email',
  'practitioner.phone': 'phone',
  'practitioner.specialization': 'specialization',
  'submission.practiceNumber': 'practice-number',
  'submission.hpcsaNumber': 'hpcsa-number',
  'submission.additionalNotes': 'additional-notes',
};

/** What is typed in the field at this API path. */
export function fieldValue(path: string, draft: Draft): string {
  const [group, name] = path.split('.') as [string, string];
  if (group === 'practitioner') return draft.practitioner[name as keyof Draft['practitioner']];
  if (path === 'submission.practiceNumber') return draft.practiceNumber;
  if (path === 'submission.hpcsaNumber') return draft.hpcsaNumber;
  return draft.additionalNotes;
}

/** The field to focus for these errors: the first on screen that has one. */
export function firstErrorField(errors: FieldErrors): string | undefined {
  const path = Object.keys(FIELD_IDS).find((p) => errors[p]);
  return path === undefined ? undefined : FIELD_IDS[path];
}

/**
 * The errors after checking one field of `draft`. Unless forced (leaving the field), a field
 * is only checked again while its message shows, so typing does not flag a half-typed value.
 */
export function withFieldChecked(
  errors: FieldErrors,
  path: string,
  draft: Draft,
  force: boolean,
): FieldErrors {
  if (!force && !errors[path]) return errors;
  const message = fieldError(path, draft);
  const next = { ...errors };
  if (message) next[path] = message;
  else delete next[path];
  return next;
}
