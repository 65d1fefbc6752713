// The practitioner's own part as the API takes it (POST /api/practice-invitations/:token/
// submission), checked with the same zod contract the server uses, so the messages match.
// Only their own sections: the practice's documents are the practice's (decision 120).

import {
  type InvitationSubmitRequest,
  invitationSubmitRequest,
} from '../../../schema/practice-api.ts';
import {
  type DocumentSection,
  isPracticeSection,
  type PracticeType,
  sectionsFor,
} from '../../../schema/sections.ts';
import type { DocumentInput } from '../../../schema/submission-api.ts';
import type { QueuedFile } from '../../lib/uploads/store.ts';
import { uploadedDocuments } from '../wizard/submission-payload.ts';
import type { JoinDraft } from './join-draft.ts';

export type FieldErrors = Record<string, string>;

/** The sections that are the practitioner's own for this practice type. */
export function ownSections(practiceType: PracticeType): DocumentSection[] {
  return sectionsFor(practiceType).filter((s) => !isPracticeSection(s.key));
}

export function ownDocuments(
  draft: JoinDraft,
  sections: readonly DocumentSection[],
  files: readonly QueuedFile[],
): { documents: DocumentInput[]; fileIds: string[] } {
  return uploadedDocuments(sections, files, (key) => draft.documentDates[key]);
}

export function buildJoinPayload(
  draft: JoinDraft,
  practiceSchemes: readonly string[],
  practiceType: PracticeType,
  documents: DocumentInput[],
): { ok: true; payload: InvitationSubmitRequest } | { ok: false; errors: FieldErrors } {
  const idNumber = draft.practitioner.idNumber.trim();
  const notes = draft.additionalNotes.trim();
  const candidate = {
    practitioner: { ...draft.practitioner, idNumber: idNumber === '' ? undefined : idNumber },
    // Asked of an established practice's practitioners only, as the wizard asks it.
    hpcsaNumber: practiceType === 'established' ? draft.hpcsaNumber : undefined,
    selectedSchemes: practiceSchemes.filter((key) => !draft.unticked.includes(key)),
    additionalNotes: notes === '' ? undefined : notes,
    documents,
    popiaConsent: draft.consent !== null ? (true as const) : undefined,
    consent: draft.consent ?? undefined,
  };
  const result = invitationSubmitRequest.safeParse(candidate);
  if (result.success) {
    if (result.data.selectedSchemes.length === 0)
      return { ok: false, errors: { selectedSchemes: 'Keep at least one scheme' } };
    return { ok: true, payload: result.data };
  }
  const errors: FieldErrors = {};
  for (const issue of result.error.issues)
    errors[issue.path.map(String).join('.')] ??= issue.message;
  return { ok: false, errors };
}
