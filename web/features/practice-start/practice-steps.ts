// The manager's wizard, one page at a time like the practitioner's (decision 097): the
// practice's details, its shared documents, its schemes, the practitioners to invite, and a
// check of the answers before Send.
export const PRACTICE_STEPS = [
  { key: 'details', title: 'Practice details' },
  { key: 'documents', title: "The practice's documents" },
  { key: 'schemes', title: 'Medical aid schemes' },
  { key: 'practitioners', title: 'Practitioners to invite' },
  { key: 'check', title: 'Check and send' },
] as const;

export type PracticeStepKey = (typeof PRACTICE_STEPS)[number]['key'];

export function practiceStepOf(value: unknown): PracticeStepKey {
  return PRACTICE_STEPS.find((s) => s.key === value)?.key ?? 'details';
}

export function stepIndex(key: PracticeStepKey): number {
  return PRACTICE_STEPS.findIndex((s) => s.key === key);
}
