// Shared steps of the application journeys: an established practice's application with its
// required sections uploaded, counting what the server stored, and a server a test may kill.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { expect, type Page } from '@playwright/test';
import {
  attach,
  choosePracticeType,
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

/** Opens the wizard with its service worker ready and fills in an established practice's
 * application, its three required sections uploaded. */
export async function establishedWithRequiredUploads(page: Page, email: string) {
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await choosePracticeType(page, 'Established Practice');
  // No ID number: the server reuses a practitioner by ID number and would then count other
  // tests' submissions under this e-mail address.
  await fillContact(page, { ...PRACTITIONER, idNumber: '', email });
  await fillPracticeDetails(page);
  await page.getByRole('checkbox', { name: 'Medihelp', exact: true }).check();
  await attach(page, 'BHF Practice Details Form', {
    name: 'bhf.pdf',
    mimeType: 'application/pdf',
    buffer: makePdf('BHF'),
  });
  await attach(page, 'Certified ID Copy', {
    name: 'id.pdf',
    mimeType: 'application/pdf',
    buffer: makePdf('ID'),
  });
  await attach(page, 'Proof of Banking Details', {
    name: 'bank.png',
    mimeType: 'image/png',
    buffer: makePng(),
  });
  for (const label of [
    'BHF Practice Details Form',
    'Certified ID Copy',
    'Proof of Banking Details',
  ]) {
    await expectUploaded(page, label);
  }
}

/**
 * A server of its own (own DATA_DIR) that a test may kill and start again. Its port is
 * E2E_KILLABLE_PORT, by default E2E_PORT + 100.
 */
export function killableServer() {
  const port = Number(process.env.E2E_KILLABLE_PORT ?? Number(process.env.E2E_PORT ?? 8799) + 100);
  const origin = `http://127.0.0.1:${port}`;
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
        env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_ORIGIN: origin },
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
