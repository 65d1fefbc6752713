// The body cases of documents that expire (issue 38) for worker/routes/request-fuzz.test.ts, kept
// apart from request-bodies.ts, which holds every other endpoint's (its BodyCase, by shape).
import type { SeededSubmission } from './staff-fixtures.ts';

type Case = {
  method: string;
  path: () => string;
  valid: () => unknown;
  staff: boolean;
  allowed: string[];
};

export function documentValidityBodies(seed: {
  seeded: () => SeededSubmission;
}): Record<string, Case> {
  return {
    'PATCH /api/admin/document-validity/rules/:sectionKey': {
      method: 'PATCH',
      path: () => '/api/admin/document-validity/rules/bank_proof',
      valid: () => ({
        rule: { kind: 'dated_within', months: 6 },
        source: 'https://www.polmed.co.za',
      }),
      staff: true,
      // A well-formed change is a change: the rules (seeded first), the re-dated documents, history.
      allowed: ['document_validity_rules', 'document_validity_settings', 'documents', 'audit_logs'],
    },
    'PATCH /api/admin/document-validity/settings': {
      method: 'PATCH',
      path: () => '/api/admin/document-validity/settings',
      valid: () => ({ reminderLeadDays: [45, 10] }),
      staff: true,
      allowed: ['document_validity_rules', 'document_validity_settings', 'audit_logs'],
    },
    'POST /api/admin/document-validity/reminders': {
      method: 'POST',
      path: () => '/api/admin/document-validity/reminders',
      valid: () => ({ documentIds: [seed.seeded().documentIds[0]] }),
      staff: true,
      allowed: ['document_validity_rules', 'document_validity_settings', 'security_events'],
    },
    'PATCH /api/admin/documents/:id/validity-date': {
      method: 'PATCH',
      path: () => `/api/admin/documents/${seed.seeded().documentIds[0]}/validity-date`,
      valid: () => ({ date: '2026-01-02' }),
      staff: true,
      allowed: [
        'document_validity_rules',
        'document_validity_settings',
        'documents',
        'audit_logs',
        'security_events',
      ],
    },
  };
}
