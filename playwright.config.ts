import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium (apt-get install chromium); Playwright's own browser download is not
// reachable here. The flags keep Chromium from calling out to the network.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

const PORT = Number(process.env.E2E_PORT ?? 8799);
export const E2E_ADMIN = {
  email: 'staff@bureau.test',
  password: 'e2e-kettle-jacaranda-123',
  // Created already enrolled in MFA; e2e/staff-totp.ts computes its codes.
  totpSecret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
};

/**
 * What both runs (this one on the Node entry, playwright.workers.config.ts on the Workers
 * target) share: one worker on one server, a Pixel 7 in Debian's Chromium, and the server's
 * environment with its data in a fresh folder for every run (`prefix` names the folder).
 */
export function e2eRun(port: number, prefix: string) {
  const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), prefix));
  process.env.E2E_DATA_DIR = dataDir;
  return {
    config: {
      testDir: 'e2e',
      timeout: 60_000,
      expect: { timeout: 10_000 },
      fullyParallel: false,
      // One at a time unless asked: `npm run test:e2e` runs the 'phone' project two spec
      // files at a time (E2E_WORKERS=2), then 'phone-alone' by itself (decision 133).
      workers: Number(process.env.E2E_WORKERS ?? 1),
      retries: process.env.CI ? 1 : 0,
      reporter: [['list']] as [string][],
      use: {
        baseURL: `http://127.0.0.1:${port}`,
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: CHROMIUM_ARGS,
        },
        trace: 'retain-on-failure' as const,
      },
    },
    phone: { ...devices['Pixel 7'], browserName: 'chromium' as const },
    serverEnv: {
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ADMIN_TOTP_SECRET: E2E_ADMIN.totpSecret,
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      // Practitioner mail goes out at once instead of being combined over two minutes.
      NOTIFY_DELAY_SECONDS: '0',
      // Every spec submits from 127.0.0.1 within the hour; the limit has its own tests.
      SUBMIT_RATE_LIMIT: '10000',
      // The practice journeys start several practices from 127.0.0.1 within the hour.
      PRACTICE_RATE_LIMIT: '1000',
      // The webhook journey's receiver listens on 127.0.0.1, and waits seconds, not a minute.
      WEBHOOKS_ALLOW_PRIVATE_NETWORK: 'true',
      WEBHOOK_ROUND_SECONDS: '2',
    },
  };
}

const run = e2eRun(PORT, 'portal-e2e-');

/**
 * Specs that must have the server and the machine to themselves: taps timed against a CPU
 * slowed 4x, the lookup limit they use up for 127.0.0.1, staff sign-ins through the login
 * page (each TOTP step is accepted once, in order, so a sign-in running beside another can
 * find its code spent), and rows written straight into the server's database file (a write
 * beside the server's own finds it locked). `npm run test:e2e` runs them after the rest, one
 * at a time.
 */
export const ALONE_SPECS = [
  'early-taps.spec.ts',
  'lookup.spec.ts',
  'dashboard.spec.ts',
  'login-toast.spec.ts',
  'staff-mfa.spec.ts',
  'wizard-forms.spec.ts',
  'enrolment-insights.spec.ts',
  'profile-attestation.spec.ts',
  'work-queue-at-size.spec.ts',
];

export default defineConfig({
  ...run.config,
  projects: [
    { name: 'phone', use: run.phone, testIgnore: ALONE_SPECS },
    { name: 'phone-alone', use: run.phone, testMatch: ALONE_SPECS, workers: 1 },
  ],
  webServer: {
    command: 'node_modules/.bin/tsx worker/node.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: run.serverEnv,
  },
});
