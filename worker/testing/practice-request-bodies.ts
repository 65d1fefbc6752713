// The well-formed bodies of the practice endpoints (decision 120), for the property tests of
// worker/routes/request-fuzz.test.ts and authorization-properties.test.ts. The practice has
// no documents and the tokens name nothing, so each is refused past its validator (a 400 for
// the missing shared documents, a 404 for the unknown link): what is tested is that hostile
// variants of them never write or fail.
import type { BodyCase } from './request-bodies.ts';

export const practiceBody = () => ({
  practiceType: 'established',
  practiceNumber: '0123456',
  contractPreferences: { keep: true, review: false, cancel: false, learnMore: false },
  name: 'Probe Family Practice',
  address: '1 Main Road, Durban, 4001',
  contactPhone: '031 555 0100',
  contactEmail: 'reception@probe.example.co.za',
  managerName: 'Probe Manager',
  managerEmail: 'manager@probe.example.co.za',
  selectedParents: ['bestmed'],
  selectedSchemes: ['bestmed'],
  documents: [],
});

export const invitationBody = () => ({ name: 'Dr A Naidoo', email: 'a.naidoo@example.co.za' });

export const ownPartBody = () => ({
  practitioner: {
    firstName: 'Anil',
    lastName: 'Naidoo',
    email: 'a.naidoo@example.co.za',
    phone: '082 123 4567',
    specialization: 'General Practice',
  },
  hpcsaNumber: 'MP0123456',
  selectedSchemes: ['bestmed'],
  documents: [],
  popiaConsent: true,
});

const UNKNOWN_LINK = 'an-unknown-link-secret-0000000000000000000';

/** The request-fuzz cases of the practice endpoints that take a body. */
export function practiceBodyCases(): Record<string, BodyCase> {
  return {
    'POST /api/practices': {
      method: 'POST',
      path: () => '/api/practices',
      valid: practiceBody,
    },
    'POST /api/practices/:token/invitations': {
      method: 'POST',
      path: () => `/api/practices/${UNKNOWN_LINK}/invitations`,
      valid: invitationBody,
    },
    'POST /api/practice-invitations/:token/submission': {
      method: 'POST',
      path: () => `/api/practice-invitations/${UNKNOWN_LINK}/submission`,
      valid: ownPartBody,
    },
    // Staff deleting a practice (decision 127): an unknown practice, so nothing is deleted.
    'POST /api/admin/practices/:id/deletion': {
      method: 'POST',
      path: () => '/api/admin/practices/00000000-0000-4000-8000-000000000000/deletion',
      valid: () => ({ submissions: [] }),
      staff: true,
    },
  };
}

/**
 * The authorization matrix's expectations of the practice endpoints: a submission's tracking
 * token opens neither a practice nor an invitation (404).
 */
export const PRACTICE_EXPECTATIONS: Record<
  string,
  { access: 'public'; answer: number; otherToken?: number; otherTokenBody?: unknown }
> = {
  'POST /api/practices': { access: 'public', answer: 400 },
  'GET /api/practices/:token': { access: 'public', answer: 404, otherToken: 404 },
  'POST /api/practices/:token/invitations': {
    access: 'public',
    answer: 400,
    otherToken: 404,
    otherTokenBody: invitationBody(),
  },
  'POST /api/practices/:token/invitations/:invitationId/resend': {
    access: 'public',
    answer: 404,
    otherToken: 404,
  },
  'DELETE /api/practices/:token/invitations/:invitationId': {
    access: 'public',
    answer: 404,
    otherToken: 404,
  },
  'GET /api/practice-invitations/:token': { access: 'public', answer: 404, otherToken: 404 },
  'POST /api/practice-invitations/:token/submission': {
    access: 'public',
    answer: 400,
    otherToken: 404,
    otherTokenBody: ownPartBody(),
  },
};
