// The domain rules a submission must meet before any file is looked at (docs/product.md#validation,
// #api POST
// /api/submissions): the current terms, a consistent scheme selection, and the document
// sections of the practice type with their file counts. Pure: no database, no store.

import { type Catalogue, findAdministrator, findScheme } from '../../../schema/catalogue.ts';
import { selectionProblems } from '../../../schema/rules.ts';
import { type DocumentSection, maxFilesFor, sectionsFor } from '../../../schema/sections.ts';
import type { SubmitRequest } from '../../../schema/submission-api.ts';
import { TERMS_VERSION } from '../../../schema/terms-version.ts';
import { ApiError } from '../../http.ts';

export type SelectedScheme = { key: string; label: string; requiresHardCopy: boolean };

/** The values once each, in their first order. */
export const unique = (values: readonly string[]) => [...new Set(values)];

export function checkConsent(input: SubmitRequest): void {
  if (input.consent && input.consent.termsVersion !== TERMS_VERSION) {
    throw new ApiError(
      400,
      'terms_outdated',
      `The terms have changed. Please read and accept the current terms (version ${TERMS_VERSION}).`,
      { 'consent.termsVersion': `The current terms version is ${TERMS_VERSION}` },
    );
  }
}

/**
 * The selected schemes, each once, with what the live scheme list says about them: their names
 * and hard-copy flags as of now, which the submission keeps (decision 072). A scheme staff have
 * marked inactive is refused like an unknown one.
 */
export function checkSchemes(
  catalogue: Catalogue,
  submission: SubmitRequest['submission'],
): SelectedScheme[] {
  const selectedParents = unique(submission.selectedParents);
  const selectedSchemes = unique(submission.selectedSchemes);
  const fields: Record<string, string> = {};
  if (selectedParents.some((key) => !findAdministrator(catalogue, key)))
    fields['submission.selectedParents'] = 'Unknown medical aid administrator';
  if (selectedSchemes.some((key) => !findScheme(catalogue, key)))
    fields['submission.selectedSchemes'] = 'Unknown medical aid scheme';
  if (
    Object.keys(fields).length === 0 &&
    selectionProblems(catalogue, { selectedParents, selectedSchemes }).length > 0
  ) {
    fields['submission.selectedSchemes'] =
      'Every scheme must belong to a selected administrator, and every selected administrator needs at least one scheme';
  }
  if (Object.keys(fields).length > 0) {
    throw new ApiError(
      400,
      'invalid_scheme_selection',
      'The selected medical aid schemes do not match the scheme list. Please select them again.',
      fields,
    );
  }
  return selectedSchemes.map((key) => {
    const { scheme } = findScheme(catalogue, key)!;
    return { key, label: scheme.label, requiresHardCopy: scheme.requiresHardCopy };
  });
}

/** Each document's section, and the per-section file counts docs/product.md#validation asks for. */
export function checkSections(input: SubmitRequest): DocumentSection[] {
  const practiceType = input.submission.practiceType;
  const sections = sectionsFor(practiceType);
  const documentFields: Record<string, string> = {};
  const sectionOf = input.documents.map((doc, index) => {
    const section = sections.find((s) => s.key === doc.sectionKey);
    if (!section) {
      documentFields[`documents.${index}`] =
        `This document section is not part of a${practiceType === 'established' ? 'n established' : ' new'} practice application`;
    }
    return section;
  });
  if (Object.keys(documentFields).length > 0) {
    throw new ApiError(
      400,
      'invalid_document',
      'Some documents are filed under an unknown section.',
      documentFields,
    );
  }
  const fields: Record<string, string> = {};
  for (const section of sections) {
    const count = sectionOf.filter((s) => s === section).length;
    if (section.required && count < section.minFiles) {
      fields[`sections.${section.key}`] =
        `Upload at least ${section.minFiles} file${section.minFiles === 1 ? '' : 's'} for ${section.label}`;
    } else if (count > maxFilesFor(section.key)) {
      fields[`sections.${section.key}`] =
        `At most ${maxFilesFor(section.key)} files can be uploaded for ${section.label}`;
    }
  }
  if (Object.keys(fields).length > 0) {
    const missing = Object.values(fields).some((m) => m.startsWith('Upload at least'));
    throw new ApiError(
      400,
      missing ? 'missing_documents' : 'too_many_documents',
      missing
        ? 'Please complete all required document uploads before submitting'
        : 'Some sections have too many files.',
      fields,
    );
  }
  return sectionOf as DocumentSection[];
}
