// What stops the practice's application, page by page, for the error summary and the fields:
// the details checked by the same zod contract POST /api/practices uses (so the messages
// match), the practice's required document sections, the schemes, and each practitioner to
// invite checked by the invitation contract. Each problem names its page and the element its
// summary link focuses.
import { invitationRequest, practiceRequest } from '../../../schema/practice-api.ts';
import { type DocumentSection, isPracticeSection, sectionsFor } from '../../../schema/sections.ts';
import type { QueuedFile } from '../../lib/uploads/store.ts';
import { validityDateProblem } from '../uploads/validity-date-field.tsx';
import type { PracticeDraft } from './practice-draft.ts';
import type { PracticeStepKey } from './practice-steps.ts';

export type PracticeProblem = { step: PracticeStepKey; target: string; message: string };

export const PRACTICE_TYPE_TARGET = 'practice-type-established';
export const SCHEME_SEARCH_TARGET = 'practice-scheme-search';
export const MAX_INVITEES = 40;
/** The practice details' text fields, in the order the page shows them. */
export const DETAIL_ORDER = [
  'name',
  'practiceNumber',
  'address',
  'contactPhone',
  'contactEmail',
  'managerName',
  'managerEmail',
];
export const fieldTarget = (name: string) => `practice-${name}`;
export const inviteeTarget = (index: number, name: 'name' | 'email') => `invitee-${index}-${name}`;

/** The practice's own sections of its type (the rest are each practitioner's). */
export function practiceSections(draft: PracticeDraft): readonly DocumentSection[] {
  return draft.practiceType
    ? sectionsFor(draft.practiceType).filter((s) => isPracticeSection(s.key))
    : [];
}

/** The request without its documents, as the API's contract reads it. */
export function practiceCandidate(draft: PracticeDraft) {
  const common = {
    name: draft.name,
    address: draft.address,
    contactPhone: draft.contactPhone,
    contactEmail: draft.contactEmail,
    managerName: draft.managerName,
    managerEmail: draft.managerEmail,
    selectedParents: draft.selectedParents,
    selectedSchemes: draft.selectedSchemes,
    documents: [],
  };
  return draft.practiceType === 'established'
    ? {
        ...common,
        practiceType: 'established' as const,
        practiceNumber: draft.practiceNumber,
        contractPreferences: draft.contractPreferences,
      }
    : {
        ...common,
        practiceType: 'new' as const,
        interestedInContracts: draft.interestedInContracts,
      };
}

function detailProblems(draft: PracticeDraft): PracticeProblem[] {
  if (!draft.practiceType)
    return [{ step: 'details', target: PRACTICE_TYPE_TARGET, message: 'Choose the practice type' }];
  const result = practiceRequest.safeParse(practiceCandidate(draft));
  if (result.success) return [];
  const seen = new Set<string>();
  const problems: PracticeProblem[] = [];
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? '');
    if (seen.has(name) || name.startsWith('selected') || name === 'documents') continue;
    seen.add(name);
    problems.push({ step: 'details', target: fieldTarget(name), message: issue.message });
  }
  // The summary lists them in the page's order, not the contract's.
  const order = (p: PracticeProblem) => DETAIL_ORDER.indexOf(p.target.replace('practice-', ''));
  return problems.sort((a, b) => order(a) - order(b));
}

function documentProblems(draft: PracticeDraft, files: readonly QueuedFile[]): PracticeProblem[] {
  const problems: PracticeProblem[] = [];
  for (const section of practiceSections(draft)) {
    const count = files.filter((f) => f.sectionKey === section.key).length;
    if (section.required && count < section.minFiles)
      problems.push({
        step: 'documents',
        target: `section-${section.key}`,
        message: `Upload at least ${section.minFiles} file for ${section.label}`,
      });
    const dateProblem = validityDateProblem(draft.documentDates[section.key] ?? '');
    if (dateProblem)
      problems.push({
        step: 'documents',
        target: `section-${section.key}`,
        message: `${section.label}: ${dateProblem}`,
      });
  }
  return problems;
}

function inviteeProblems(draft: PracticeDraft): PracticeProblem[] {
  const problems: PracticeProblem[] = [];
  if (draft.invitees.length === 0)
    problems.push({
      step: 'practitioners',
      target: 'add-invitee',
      message: 'Add at least one practitioner to invite',
    });
  if (draft.invitees.length > MAX_INVITEES)
    problems.push({
      step: 'practitioners',
      target: inviteeTarget(0, 'name'),
      message: `Invite at most ${MAX_INVITEES} practitioners here; invite more from the practice page`,
    });
  const seen = new Set<string>();
  draft.invitees.forEach((invitee, index) => {
    const result = invitationRequest.safeParse(invitee);
    const issues = result.success ? [] : result.error.issues;
    for (const name of ['name', 'email'] as const) {
      const issue = issues.find((i) => i.path[0] === name);
      if (issue)
        problems.push({
          step: 'practitioners',
          target: inviteeTarget(index, name),
          message: `Practitioner ${index + 1}: ${issue.message}`,
        });
    }
    const email = invitee.email.trim().toLowerCase();
    if (email && seen.has(email))
      problems.push({
        step: 'practitioners',
        target: inviteeTarget(index, 'email'),
        message: `Practitioner ${index + 1}: this e-mail address is already in the list`,
      });
    seen.add(email);
  });
  return problems;
}

/** Every problem of the draft, page by page in the wizard's order. */
export function practiceProblems(
  draft: PracticeDraft,
  files: readonly QueuedFile[],
): PracticeProblem[] {
  const schemes: PracticeProblem[] =
    draft.selectedSchemes.length === 0
      ? [
          {
            step: 'schemes',
            target: SCHEME_SEARCH_TARGET,
            message: 'Please select at least one medical aid scheme to continue',
          },
        ]
      : [];
  return [
    ...detailProblems(draft),
    ...documentProblems(draft, files),
    ...schemes,
    ...inviteeProblems(draft),
  ];
}
