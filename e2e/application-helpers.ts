// Shared steps of the application journeys: an established practice's application with its
// required sections uploaded, counting what the server stored, and a server a test may kill.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { type Browser, expect, type Page } from '@playwright/test';
import {
  acceptTerms,
  attach,
  choosePracticeType,
  chooseScheme,
  expectUploaded,
  fillContact,
  fillPracticeDetails,
  makePdf,
  makePng,
  PRACTITIONER,
} from './wizard-helpers.ts';

export async function countSubmissions(dataDir: string, email: string): Promise<number> {
  const db = createClient({ url: `file:${join(dataDir, 'portal.db')}` });
  try {
    const result = await db.execute({
      sql: 'select count(*) as n from submissions s join practitioners p on p.id = s.practitioner_id where p.email = ?',
      args: [email],
    });
    return Number(result.rows[0]!.n);
  } finally {
    db.close();
  }
}

/** The three required sections of an established practice and a small file for each. */
export const REQUIRED_FILES = [
  ['BHF Practice Details Form', 'bhf.pdf', 'application/pdf', () => makePdf('BHF')],
  ['Certified ID Copy', 'id.pdf', 'application/pdf', () => makePdf('ID')],
  ['Proof of Banking Details', 'bank.png', 'image/png', () => makePng()],
] as const;

/**
 * Opens the wizard with its service worker ready and fills in an established practice's
 * application, its three required sections uploaded (but `leaveEmpty`, for the test's own file).
 */
export async function establishedWithRequiredUploads(
  page: Page,
  email: string,
  { leaveEmpty }: { leaveEmpty?: (typeof REQUIRED_FILES)[number][0] } = {},
) {
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await choosePracticeType(page, 'Established Practice');
  // No ID number: it is not needed here, and a test's ID number must not reach another's lookup.
  await fillContact(page, { ...PRACTITIONER, idNumber: '', email });
  await fillPracticeDetails(page);
  await chooseScheme(page, 'Medihelp');
  const files = REQUIRED_FILES.filter(([label]) => label !== leaveEmpty);
  for (const [label, name, mimeType, bytes] of files) {
    await attach(page, label, { name, mimeType, buffer: bytes() });
  }
  for (const [label] of files) await expectUploaded(page, label);
}

/** Accepts the terms, submits, and returns the tracking token the tracking page opens with. */
export async function submitForToken(page: Page): Promise<string> {
  await acceptTerms(page);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await page.waitForURL(/\/track\?token=[\w-]{20,}/);
  return new URL(page.url()).searchParams.get('token')!;
}

/**
 * A server of its own (own DATA_DIR) that a test may kill and start again. Its port is
 * E2E_KILLABLE_PORT, by default E2E_PORT + 100.
 */
export function killableServer({
  publicOrigin = true,
  env = {},
}: {
  publicOrigin?: boolean;
  env?: Record<string, string>;
} = {}) {
  const port = Number(process.env.E2E_KILLABLE_PORT ?? Number(process.env.E2E_PORT ?? 8799) + 100);
  const origin = `http://127.0.0.1:${port}`;
  // Without PUBLIC_ORIGIN, as `npm start` runs for a newcomer (the variable may be in our env).
  const { PUBLIC_ORIGIN: _inherited, ...inherited } = process.env;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-kill-'));
  let server: ChildProcess | null = null;
  const stop = async (signal: NodeJS.Signals) => {
    const running = server;
    server = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((done) => running.once('exit', done));
    running.kill(signal);
    await exited;
  };
  return {
    origin,
    dataDir,
    async start() {
      // The port must be free: a server left from elsewhere would answer in our place.
      expect(await fetch(`${origin}/api/health`).catch(() => null)).toBeNull();
      // One process (node with tsx's loader), so a SIGKILL really takes the server down; the
      // tsx wrapper would leave its child serving.
      server = spawn('node_modules/.bin/node', ['--import', 'tsx', 'worker/node.ts'], {
        env: {
          ...inherited,
          PORT: String(port),
          DATA_DIR: dataDir,
          ...(publicOrigin ? { PUBLIC_ORIGIN: origin } : {}),
          ...env,
        },
        stdio: 'ignore',
      });
      await expect
        .poll(async () => (await fetch(`${origin}/api/health`).catch(() => null))?.status, {
          timeout: 30_000,
        })
        .toBe(200);
    },
    kill: () => stop('SIGKILL'),
    async close() {
      // Waits for the exit: the next test starts its own server on the same port.
      await stop('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A phone's browser context on a killableServer of its own, already started. `close` ends
 * both, the server whatever happened to the browser: the next test needs its port.
 */
export async function phoneOnOwnServer(browser: Browser) {
  const killable = killableServer();
  await killable.start();
  const context = await browser.newContext({
    baseURL: killable.origin,
    viewport: { width: 412, height: 915 },
  });
  const close = async () => {
    await context.close().catch(() => {});
    await killable.close();
  };
  return { killable, context, page: await context.newPage(), close };
}
