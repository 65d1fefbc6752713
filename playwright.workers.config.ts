// The same journeys in Chromium against the Workers target (`npm run start:workers`: workerd,
// sqld, the verifying stand-in for R2's S3 API, the mail API stand-in writing .eml files): the practitioner's
// wizard with real uploads to presigned URLs, submit and tracking, and the staff dashboard.
// Specs left out test the Node entry's own pages or the build, not the API both targets share:
// track.spec.ts and lookup.spec.ts open /track/<token>, rendered by the Node entry only
// (decision 077); shell/precache/pwa-update/bundle-* check the build and the Node static site.
import { defineConfig } from '@playwright/test';
import { e2eRun } from './playwright.config.ts';

const PORT = Number(process.env.E2E_WORKERS_PORT ?? 8809);
const run = e2eRun(PORT, 'portal-e2e-workers-');

// submit-once.spec.ts reads the Node entry's SQLite file and kills and restarts a Node server.
export const WORKERS_SPECS = [
  'wizard-journeys.spec.ts',
  'dashboard.spec.ts',
  // The practitioner's mails: on Workers the notices go by the cron (decision 087), which
  // start:workers runs every 2 s with NOTIFY_DELAY_SECONDS=0.
  'after-submit.spec.ts',
  'upload-in-parts.spec.ts',
  'resumable-upload.spec.ts',
  // Scheme forms filled and signed on the server: pdf-lib and the signed PDFs in R2 on workerd.
  'scheme-forms.spec.ts',
  // "This was not me" from the change mail, and the desk's queue and review page (issue 35).
  'signing-stop.spec.ts',
  // The pre-rendered pages come from Static Assets here: hydrated, their ids are React's.
  'hydration.spec.ts',
  // A tap in the first 600 ms after load counts on the Static Assets' pages too (issue 36).
  'early-taps.spec.ts',
  // A practice type chosen while the draft is still read is kept (the Workers target is where
  // a choice was seen ticked, then cleared).
  'draft-early-choice.spec.ts',
  // The practice manager's wizard: its uploads to presigned URLs and the practice's API on
  // workerd (issue 39).
  'practice-start.spec.ts',
  // Issue 39's journey: the manager's wizard, two practitioners' invitation pages (one sent
  // from the device outbox after being offline), the staff's practice page (decisions 126, 127).
  'practice-together.spec.ts',
  // The staff's practice desk: a shared document's signed link to R2, and deleting a practice
  // as one batch over sqld's HTTP (decision 131).
  'practice-desk.spec.ts',
];

export default defineConfig({
  ...run.config,
  testMatch: WORKERS_SPECS,
  // Layout and accessibility checks do not depend on the target, and each staff sign-in waits
  // for a fresh TOTP step (e2e/staff-totp.ts): left to the Node run to keep this one short.
  // The upload queue's own retry rules (a dead network, Retry all) do not depend on it either.
  grepInvert:
    /accessibility|scrolling sideways|more than 10 submissions|network fails|sends every file in error again/,
  projects: [
    // Opened as http://localhost:PORT, as a new user opens it: every journey (uploads in parts
    // to the object server on 127.0.0.1 and resumed after a cut, staff downloads, the wizard,
    // the dashboard, signing) works from the other loopback host than the object server's.
    { name: 'workers-phone-localhost', use: { ...run.phone, baseURL: `http://localhost:${PORT}` } },
    // And at http://127.0.0.1:PORT, the object server's own host, what depends on the page's
    // origin: uploads (CORS) and resumes, and the mailed links. Every journey passed at both
    // hosts on 2026-11-29; running all twice would cost CI 7.5 minutes.
    {
      name: 'workers-phone',
      use: run.phone,
      testMatch: ['upload-in-parts.spec.ts', 'resumable-upload.spec.ts', 'after-submit.spec.ts'],
    },
  ],
  webServer: {
    command: 'node_modules/.bin/tsx worker/workers-local/start.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    // No PUBLIC_ORIGIN: as a new user runs it, so both loopback hosts are the page's origin.
    env: { ...run.serverEnv, PUBLIC_ORIGIN: '' },
  },
});
