// TOTP codes of the e2e staff account (its ADMIN_TOTP_SECRET, playwright.config.ts). The server
// accepts each 30-second step's code once and one step either side, so every sign-in of the run
// takes the next unused step, waiting for the clock when two steps ahead would be needed. The
// last step used is kept in the run's data folder, so it outlives a restarted test worker.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import { totpCode } from '../worker/crypto/totp.ts';

const STEP_MS = 30_000;

function lastStepFile(): string {
  return join(process.env.E2E_DATA_DIR ?? '.', 'e2e-last-totp-step');
}

function lastStep(): number {
  try {
    return Number(readFileSync(lastStepFile(), 'utf8')) || 0;
  } catch {
    return 0;
  }
}

/** A code of the e2e staff account that no earlier sign-in of this run has used. */
export async function freshCode(secret = E2E_ADMIN.totpSecret): Promise<string> {
  let now = Date.now();
  let step = Math.max(Math.floor(now / STEP_MS), lastStep() + 1);
  while (step > Math.floor(now / STEP_MS) + 1) {
    await new Promise((resolve) => setTimeout(resolve, (step - 1) * STEP_MS - now + 50));
    now = Date.now();
    step = Math.max(Math.floor(now / STEP_MS), lastStep() + 1);
  }
  writeFileSync(lastStepFile(), String(step));
  return totpCode(secret, new Date(step * STEP_MS));
}

/** The code step of the login page, after the password was accepted. */
export async function enterCode(page: Page) {
  await expect(page.getByLabel('Authentication code')).toBeFocused();
  await page.getByLabel('Authentication code').fill(await freshCode());
  await page.getByRole('button', { name: 'Verify code' }).click();
}
