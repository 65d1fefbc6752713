// The well-formed body of every endpoint that takes one, for the property tests of
// worker/routes/request-fuzz.test.ts: each case says where to send it and whether it needs a
// staff session. A new endpoint without a case fails that test.

import { buildApplication } from './fixtures.ts';
import type { TestApp } from './harness.ts';
import { aProfile } from './profile-fixtures.ts';
import { documentValidityBodies } from './request-bodies-validity.ts';
import { signaturePngDataUrl } from './signature-fixture.ts';
import type { SeededSubmission } from './staff-fixtures.ts';

/** What the cases read once the test has set its application up. */
export type Seed = {
  t: () => TestApp;
  seeded: () => SeededSubmission;
  /** An open request to the practitioner of the seeded submission, for the answer's case. */
  requestId: () => string;
};

export type BodyCase = {
  method: string;
  path: () => string;
  valid: () => unknown | Promise<unknown>;
  staff?: boolean;
  allowed?: string[];
  /** Fewer runs where a well-formed request costs a password hash. */
  runs?: number;
};

/** Each body-taking endpoint's case, reading the seeded application as the test sets it up. */
export function requestBodies(seed: Seed): Record<string, BodyCase> {
  return {
    'POST /api/objects/upload': {
      method: 'POST',
      path: () => '/api/objects/upload',
      valid: () => ({ filename: 'certified_id_1737280000000' }),
      // A well-formed request gets its ticket (2xx); the refusals write nothing.
    },
    'POST /api/objects/keep': {
      method: 'POST',
      path: () => '/api/objects/keep',
      valid: () => ({ uploads: ['http://localhost:8787/api/storage/docs/unknown'] }),
    },
    'POST /api/objects/multipart': {
      method: 'POST',
      path: () => '/api/objects/multipart',
      valid: () => ({
        filename: 'certified_id_1737280000000',
        size: 12_000_000,
        contentType: 'application/pdf',
      }),
    },
    'POST /api/objects/multipart/:uploadId/part-urls': {
      method: 'POST',
      path: () => `/api/objects/multipart/${crypto.randomUUID()}/part-urls`,
      valid: () => ({ partNumbers: [1, 2] }),
    },
    'POST /api/objects/multipart/:uploadId/complete': {
      method: 'POST',
      path: () => `/api/objects/multipart/${crypto.randomUUID()}/complete`,
      valid: () => ({ parts: [{ partNumber: 1, etag: '"abc"' }] }),
    },
    'POST /api/submissions': {
      method: 'POST',
      path: () => '/api/submissions',
      valid: () => buildApplication(seed.t()),
    },
    'POST /api/lookup': {
      method: 'POST',
      path: () => '/api/lookup',
      valid: () => ({ identifier: '1234567', identifierType: 'practice_number' }),
    },
    'POST /api/submissions/:token/documents/:documentId/replacement': {
      method: 'POST',
      path: () =>
        `/api/submissions/${seed.seeded().trackingToken}/documents/${seed.seeded().documentIds[0]}/replacement`,
      valid: () => ({ url: 'docs/upload', name: 'id.pdf', size: 10, type: 'application/pdf' }),
    },
    'POST /api/submissions/:token/profile': {
      method: 'POST',
      path: () => `/api/submissions/${seed.seeded().trackingToken}/profile`,
      valid: () => aProfile(),
    },
    'POST /api/submissions/:token/address-confirmation': {
      method: 'POST',
      path: () => `/api/submissions/${seed.seeded().trackingToken}/address-confirmation`,
      valid: () => ({ code: 'a-code-from-a-receipt' }),
    },
    'POST /api/submissions/:token/signing-stop': {
      method: 'POST',
      path: () => `/api/submissions/${seed.seeded().trackingToken}/signing-stop`,
      valid: () => ({ code: 'a-code-from-a-mail-link', note: 'I changed nothing' }),
    },
    'PATCH /api/admin/desk-settings': {
      method: 'PATCH',
      path: () => '/api/admin/desk-settings',
      valid: () => ({ attestationDays: 180 }),
      staff: true,
      // A well-formed change is a change: it writes the setting and its log entry.
      allowed: ['desk_settings', 'security_events'],
    },
    'POST /api/admin/submissions/:id/signing-resume': {
      method: 'POST',
      path: () => `/api/admin/submissions/${seed.seeded().submissionId}/signing-resume`,
      valid: () => ({ note: 'Called the practitioner on her cell number' }),
      staff: true,
    },
    'POST /api/submissions/:token/requests/:requestId/answer': {
      method: 'POST',
      path: () =>
        `/api/submissions/${seed.seeded().trackingToken}/requests/${seed.requestId()}/answer`,
      valid: () => ({ note: 'Signed and posted' }),
    },
    'POST /api/submissions/:token/scheme-forms/:formId/preview': {
      method: 'POST',
      path: () =>
        `/api/submissions/${seed.seeded().trackingToken}/scheme-forms/${crypto.randomUUID()}/preview`,
      valid: () => aProfile(),
    },
    'POST /api/submissions/:token/scheme-forms/sign': {
      method: 'POST',
      path: () => `/api/submissions/${seed.seeded().trackingToken}/scheme-forms/sign`,
      valid: () => ({
        profileVersion: 1,
        formIds: [crypto.randomUUID()],
        signaturePng: signaturePngDataUrl(),
      }),
    },
    'POST /api/tracking-links': {
      method: 'POST',
      path: () => '/api/tracking-links',
      valid: () => ({ email: 'someone@example.co.za' }),
    },
    'POST /api/auth/login': {
      method: 'POST',
      path: () => '/api/auth/login',
      valid: () => ({ email: 'staff@bureau.co.za', password: 'not the password', totp: '123456' }),
      allowed: ['rate_limits', 'security_events'],
      runs: 12,
    },
    'POST /api/auth/forgot-password': {
      method: 'POST',
      path: () => '/api/auth/forgot-password',
      valid: () => ({ email: 'nobody@bureau.co.za' }),
    },
    'POST /api/auth/reset-password': {
      method: 'POST',
      path: () => '/api/auth/reset-password',
      valid: () => ({ token: 'not-a-token', password: 'a long new password 1' }),
    },
    'PATCH /api/admin/submissions/:id': {
      method: 'PATCH',
      path: () => `/api/admin/submissions/${seed.seeded().submissionId}`,
      valid: () => ({ status: 'under_review', note: 'Checking' }),
      staff: true,
    },
    'PATCH /api/admin/submissions/:id/schemes/:statusId': {
      method: 'PATCH',
      path: () =>
        `/api/admin/submissions/${seed.seeded().submissionId}/schemes/${seed.seeded().schemeStatusIds[0]}`,
      valid: () => ({ status: 'approved', notes: 'ok', requiresHardCopy: false }),
      staff: true,
    },
    'POST /api/admin/submissions/:id/account-check': {
      method: 'POST',
      path: () => `/api/admin/submissions/${seed.seeded().submissionId}/account-check`,
      valid: () => ({ profileVersion: 1 }),
      staff: true,
    },
    'PATCH /api/admin/documents/:id': {
      method: 'PATCH',
      path: () => `/api/admin/documents/${seed.seeded().documentIds[1]}`,
      valid: () => ({ status: 'rejected', reason: 'Blurred' }),
      staff: true,
    },
    'POST /api/admin/medical-aid-documents': {
      method: 'POST',
      path: () => '/api/admin/medical-aid-documents',
      valid: () => ({
        schemeKey: 'bestmed',
        schemeName: 'Bestmed',
        fileName: 'form.pdf',
        fileSize: 100,
        fileType: 'application/pdf',
        storagePath: 'forms/none',
        description: null,
        year: 2026,
      }),
      staff: true,
    },
    'POST /api/admin/medical-aid-documents/:id/mapping': {
      method: 'POST',
      path: () => `/api/admin/medical-aid-documents/${crypto.randomUUID()}/mapping`,
      valid: () => ({
        mappings: [
          { formField: 'Surname', profileField: 'lastName' },
          {
            formField: 'Account type',
            profileField: 'accountType',
            choices: [{ option: 'Savings', answer: 'Savings' }],
          },
          { formField: 'Female', profileField: 'gender', answer: 'Female' },
          {
            placed: { page: 0, x: 10, y: 10, width: 12, height: 12 },
            profileField: 'gender',
            kind: 'checkbox',
            answer: 'Female',
          },
        ],
      }),
      staff: true,
    },
    'POST /api/admin/enrolments/bulk': {
      method: 'POST',
      path: () => '/api/admin/enrolments/bulk',
      valid: () => ({ statusIds: [seed.seeded().schemeStatusIds[0]], followUpOn: '2026-12-01' }),
      staff: true,
    },
    'POST /api/admin/api-keys': {
      method: 'POST',
      path: () => '/api/admin/api-keys',
      valid: () => ({ name: 'Billing system', scopes: ['applications:read'], expiresInDays: 30 }),
      staff: true,
    },
    'POST /api/admin/webhooks/endpoints': {
      method: 'POST',
      path: () => '/api/admin/webhooks/endpoints',
      // An address literal: public, and nothing to look up on a machine without DNS.
      valid: () => ({
        url: 'https://203.0.114.10/hooks',
        description: 'Billing system',
        events: ['enrolment.status_changed'],
      }),
      staff: true,
    },
    'POST /api/admin/enrolments/:statusId/request': {
      method: 'POST',
      path: () => `/api/admin/enrolments/${seed.seeded().schemeStatusIds[0]}/request`,
      valid: () => ({ request: 'A bank letter less than 3 months old', documentId: null }),
      staff: true,
    },
    'POST /api/upload/presigned-url': {
      method: 'POST',
      path: () => '/api/upload/presigned-url',
      valid: () => ({ fileType: 'application/pdf' }),
      staff: true,
    },
    'POST /api/admin/catalogue/schemes': {
      method: 'POST',
      path: () => '/api/admin/catalogue/schemes',
      valid: () => ({
        label: 'Fuzz Health',
        administratorKey: 'discovery',
        requiresHardCopy: false,
        hardCopyNote: 'Unverified',
      }),
      staff: true,
    },
    'PATCH /api/admin/catalogue/schemes/:key': {
      method: 'PATCH',
      path: () => '/api/admin/catalogue/schemes/bestmed',
      valid: () => ({
        notes: 'Checked with the scheme',
        requiresHardCopy: true,
        hardCopyNote: 'Unverified',
      }),
      staff: true,
    },
    ...documentValidityBodies(seed),
  };
}
