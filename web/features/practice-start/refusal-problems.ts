// A refusal of POST /api/practices names fields by the API's paths ('name', 'sections.bank_proof',
// 'documents.0', 'selectedSchemes'): each becomes a problem on the page where it is fixed.
import {
  DETAIL_ORDER,
  fieldTarget,
  type PracticeProblem,
  SCHEME_SEARCH_TARGET,
} from './practice-problems.ts';

const DETAILS = new Set(['practiceType', ...DETAIL_ORDER]);

export function refusalProblems(fields: Record<string, string>): PracticeProblem[] {
  return Object.entries(fields).map(([path, message]): PracticeProblem => {
    const [head, rest] = path.split('.', 2) as [string, string | undefined];
    if (DETAILS.has(head)) return { step: 'details', target: fieldTarget(head), message };
    if (head === 'sections' && rest)
      return { step: 'documents', target: `section-${rest}`, message };
    if (head === 'documents') return { step: 'documents', target: 'practice-documents', message };
    return { step: 'schemes', target: SCHEME_SEARCH_TARGET, message };
  });
}
