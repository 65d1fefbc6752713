// Builds the submit payload (docs/product.md#entities) from the draft and the uploaded files, and
// checks the
// fields with the same zod/mini contracts the API uses, so the messages match.

import { validityDateSchema } from '../../../schema/document-validity.ts';
import { type DocumentSection, sectionsFor } from '../../../schema/sections.ts';
import {
  type DocumentInput,
  hpcsaNumberField,
  practiceNumberField,
  practitionerInput,
  type SubmitRequest,
  submitRequest,
} from '../../../schema/submission-api.ts';
import { documentName } from '../../lib/uploads/application-outbox.ts';
import { isDraftFile, type QueuedFile } from '../../lib/uploads/store.ts';
import type { Draft } from './draft.ts';

/** Field errors keyed by the API's field paths, e.g. 'practitioner.idNumber'. */
export type FieldErrors = Record<string, string>;

type Issue = { path: PropertyKey[]; message: string };
function firstMessages(prefix: string, issues: readonly Issue[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    out[key] ??= issue.message;
  }
  return out;
}

/** The message for one field, or undefined when it is fine (used on blur). */
export function fieldError(path: string, draft: Draft): string | undefined {
  const [group, name] = path.split('.') as [string, string];
  if (group === 'practitioner') {
    const schema = practitionerInput.shape[name as keyof typeof practitionerInput.shape];
    const value = draft.practitioner[name as keyof Draft['practitioner']];
    const result = schema.safeParse(name === 'idNumber' && value === '' ? undefined : value);
    return result.success ? undefined : result.error.issues[0]?.message;
  }
  if (path === 'submission.practiceNumber') {
    const result = practiceNumberField.safeParse(draft.practiceNumber);
    return result.success ? undefined : result.error.issues[0]?.message;
  }
  if (path === 'submission.hpcsaNumber') {
    const result = hpcsaNumberField.safeParse(draft.hpcsaNumber);
    return result.success ? undefined : result.error.issues[0]?.message;
  }
  return undefined;
}

/** The date given for the section, when it is a real date (an unfinished one is left out). */
export function validityDate(date: string | undefined): { validityDate?: string } {
  return date && validityDateSchema.safeParse(date).success ? { validityDate: date } : {};
}

/**
 * The uploaded files of these sections as the API's documents, with the date each section's
 * rule asks where one was given; shared by the wizard and the invitation page (decision 126).
 */
export function uploadedDocuments(
  sections: readonly DocumentSection[],
  files: readonly QueuedFile[],
  dateOf: (sectionKey: string) => string | undefined,
): { documents: DocumentInput[]; fileIds: string[] } {
  const documents: DocumentInput[] = [];
  const fileIds: string[] = [];
  for (const section of sections) {
    for (const file of files) {
      if (file.sectionKey !== section.key || file.stage !== 'done' || !file.url) continue;
      // A replacement sent from the tracking page shares the queue, not the application.
      if (!isDraftFile(file)) continue;
      documents.push({
        name: documentName(file.name),
        size: file.size,
        type: file.type,
        url: file.url,
        uploadedAt: file.uploadedAt,
        sectionKey: section.key,
        sectionLabel: section.label,
        ...validityDate(dateOf(section.key)),
      });
      fileIds.push(file.id);
    }
  }
  return { documents, fileIds };
}

export function documentsFor(
  draft: Draft,
  files: readonly QueuedFile[],
): {
  documents: DocumentInput[];
  fileIds: string[];
} {
  if (!draft.practiceType) return { documents: [], fileIds: [] };
  return uploadedDocuments(
    sectionsFor(draft.practiceType),
    files,
    (key) => draft.documentDates?.[key],
  );
}

export function buildPayload(
  draft: Draft,
  documents: DocumentInput[],
): { ok: true; payload: SubmitRequest } | { ok: false; errors: FieldErrors } {
  const practitioner = {
    ...draft.practitioner,
    idNumber: draft.practitioner.idNumber.trim() === '' ? undefined : draft.practitioner.idNumber,
  };
  const notes = draft.additionalNotes.trim() === '' ? undefined : draft.additionalNotes;
  const common = {
    selectedParents: draft.selectedParents,
    selectedSchemes: draft.selectedSchemes,
    additionalNotes: notes,
  };
  const submission =
    draft.practiceType === 'established'
      ? {
          ...common,
          practiceType: 'established' as const,
          practiceNumber: draft.practiceNumber,
          hpcsaNumber: draft.hpcsaNumber,
          contractPreferences: draft.contractPreferences,
        }
      : {
          ...common,
          practiceType: 'new' as const,
          interestedInContracts: draft.interestedInContracts,
        };
  const candidate = {
    practitioner,
    submission,
    documents,
    popiaConsent: true as const,
    consent: draft.consent ?? undefined,
  };
  const result = submitRequest.safeParse(candidate);
  if (!result.success) return { ok: false, errors: firstMessages('', result.error.issues) };
  return { ok: true, payload: result.data };
}
