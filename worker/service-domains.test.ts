// How the parts of the business in worker/services/ may reach each other (docs/architecture.md,
// "Domains"). Each domain names its entries, the files others may import; everything else is
// its inside. Each domain names the domains its services may use, and those uses form layers
// (no two domains use each other, however indirectly). Tests may use any domain, since a test
// exercises the whole app, but only through its entries like everybody else.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { breaches, type Domain } from './testing/domain-breaches.ts';
import { cycles, projectGraph, ROOT } from './testing/import-graph.ts';

const DOMAINS: Record<string, Domain> = {
  'staff-sessions': { entries: ['sessions', 'known-devices'], uses: [] },
  'rate-limits': { entries: ['rate-limits'], uses: [] },
  'work-budget': { entries: ['work-budget'], uses: [] },
  'security-log': {
    entries: [
      'security-log',
      'audit-log',
      'security-log-chain',
      'security-log-verify',
      'security-log-digest',
    ],
    uses: ['notices', 'staff-sessions'],
  },
  notices: { entries: ['mail-outbox', 'practitioner-notices'], uses: ['work-budget'] },
  webhooks: {
    entries: [
      'webhook-events',
      'webhook-endpoints',
      'webhook-delivery',
      'webhook-log',
      'webhook-signature',
    ],
    uses: ['notices', 'security-log', 'staff-sessions', 'work-budget'],
  },
  uploads: {
    entries: [
      'upload-tickets',
      'upload-budget',
      'multipart-uploads',
      'draft-uploads',
      'orphan-uploads',
      'magic-bytes',
      'object-deletions',
      'upload-copies',
    ],
    uses: ['rate-limits', 'work-budget'],
  },
  'staff-accounts': {
    entries: [
      'staff-accounts',
      'staff-enrolment',
      'staff-set-up-links',
      'login',
      'password-resets',
      'account-notices',
    ],
    uses: ['notices', 'rate-limits', 'security-log', 'staff-sessions'],
  },
  catalogue: {
    entries: ['catalogue', 'catalogue-edits', 'schemes'],
    uses: ['security-log', 'staff-sessions'],
  },
  'document-validity': {
    entries: [
      'validity-rules',
      'document-dates',
      'document-reminders',
      'expiring-view',
      'next-reminder-day',
    ],
    uses: ['security-log', 'staff-sessions', 'work-budget'],
  },
  submissions: {
    entries: [
      'submissions',
      'submission-documents',
      'submission-deletion',
      'submission-deletion-plan',
      'application-id',
      'idempotency',
      'constraint-violations',
      'submission-rules',
    ],
    uses: [
      'catalogue',
      'document-validity',
      'notices',
      'rate-limits',
      'security-log',
      'staff-sessions',
      'uploads',
      'webhooks',
    ],
  },
  practices: {
    entries: [
      'practices',
      'invitations',
      'practice-tracking',
      'practice-submission',
      'admin-practices',
      'admin-practice-deletion',
      'admin-practice-documents',
    ],
    uses: [
      'catalogue',
      'notices',
      'rate-limits',
      'review',
      'security-log',
      'staff-sessions',
      'submissions',
      'uploads',
    ],
  },
  tracking: {
    entries: ['tracking', 'tracking-json', 'tracking-links', 'lookup', 'address-confirmation'],
    uses: ['notices', 'rate-limits', 'security-log'],
  },
  review: {
    entries: [
      'dashboard',
      'review',
      'document-downloads',
      'request-views',
      'enrolments',
      'enrolment-bulk',
      'enrolment-times',
      'work-queue',
    ],
    uses: [
      'document-validity',
      'notices',
      'security-log',
      'staff-sessions',
      'tracking',
      'webhooks',
    ],
  },
  'api-docs': { entries: ['openapi'], uses: [] },
  'api-keys': {
    entries: ['api-keys', 'machine-api'],
    uses: ['rate-limits', 'review', 'security-log', 'staff-sessions'],
  },
  'practitioner-requests': {
    entries: ['practitioner-requests', 'request-reminders', 'document-replacement'],
    uses: [
      'document-validity',
      'notices',
      'review',
      'security-log',
      'staff-sessions',
      'submissions',
      'tracking',
      'webhooks',
    ],
  },
  'practitioner-profile': {
    entries: [
      'practitioner-profiles',
      'profile-proofs',
      'profile-history',
      'signing-stops',
      'attestation',
    ],
    uses: ['notices', 'security-log', 'staff-sessions', 'tracking', 'work-budget'],
  },
  'form-pdfs': {
    entries: ['registration-form-filling', 'form-cleaning', 'inflated-length'],
    uses: [],
  },
  'scheme-forms': {
    entries: [
      'registration-forms',
      'registration-form-mappings',
      'registration-form-downloads',
      'scheme-form-signing',
      'signed-scheme-forms',
      'stored-form-cleaning',
      'form-size-limit',
    ],
    uses: [
      'catalogue',
      'form-pdfs',
      'notices',
      'practitioner-profile',
      'rate-limits',
      'review',
      'security-log',
      'staff-sessions',
      'tracking',
      'uploads',
      'work-budget',
    ],
  },
  popia: {
    entries: ['practitioner-export', 'retention'],
    uses: [
      'practitioner-profile',
      'review',
      'scheme-forms',
      'security-log',
      'staff-sessions',
      'submissions',
      'work-budget',
    ],
  },
  maintenance: {
    entries: ['maintenance', 'schema-version'],
    uses: [
      'document-validity',
      'notices',
      'popia',
      'practitioner-profile',
      'practitioner-requests',
      'rate-limits',
      'scheme-forms',
      'security-log',
      'staff-accounts',
      'staff-sessions',
      'submissions',
      'uploads',
      'webhooks',
      'work-budget',
    ],
  },
};

const MAX_FILES = 15;
const SERVICES = join(ROOT, 'worker/services');

const { graph, name } = projectGraph();
const folders = readdirSync(SERVICES);

describe('the domains of worker/services', () => {
  it('are folders only, each one known, none holding more than about 15 files', () => {
    expect(folders.filter((entry) => !statSync(join(SERVICES, entry)).isDirectory())).toEqual([]);
    expect(folders.sort()).toEqual(Object.keys(DOMAINS).sort());
    const crowded = folders
      .map((folder) => `${folder} ${readdirSync(join(SERVICES, folder)).length}`)
      .filter((line) => Number(line.split(' ')[1]) > MAX_FILES);
    expect(crowded).toEqual([]);
  });

  it('name entries that exist and uses of known domains, in layers', () => {
    for (const [domain, { entries, uses }] of Object.entries(DOMAINS)) {
      for (const entry of entries) {
        expect(statSync(join(SERVICES, domain, `${entry}.ts`)).isFile(), entry).toBe(true);
      }
      for (const used of uses) expect(Object.keys(DOMAINS), `${domain} uses`).toContain(used);
    }
    const uses = new Map(Object.entries(DOMAINS).map(([domain, { uses }]) => [domain, uses]));
    expect(cycles(uses)).toEqual([]);
  });

  it('are reached only through their entries, and only from domains that use them', () => {
    expect(breaches(graph, DOMAINS, name)).toEqual([]);
  });

  it('catches a reach into a domain and a use it did not name', () => {
    const file = (path: string) => join(SERVICES, path);
    const trial = new Map([
      [file('tracking/lookup.ts'), [file('submissions/submission-write.ts')]],
      [file('tracking/tracking.ts'), [file('review/dashboard.ts')]],
      [join(ROOT, 'worker/routes/x.ts'), [file('catalogue/catalogue-seed.ts')]],
    ]);
    expect(breaches(trial, DOMAINS, name)).toEqual([
      'worker/services/tracking/lookup.ts -> worker/services/submissions/submission-write.ts: not an entry of submissions',
      'worker/services/tracking/lookup.ts -> worker/services/submissions/submission-write.ts: tracking does not use submissions',
      'worker/services/tracking/tracking.ts -> worker/services/review/dashboard.ts: tracking does not use review',
      'worker/routes/x.ts -> worker/services/catalogue/catalogue-seed.ts: not an entry of catalogue',
    ]);
  });
});
