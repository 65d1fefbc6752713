// A new version of the app never reloads the page by itself: the practitioner sees
// 'Update available — Reload', and only pressing Reload swaps to the new version.
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

test('a new service worker waits for the practitioner to press Reload', async ({ browser }) => {
  test.setTimeout(90_000);
  const port = Number(process.env.E2E_PORT ?? 8799) + 101;
  const origin = `http://127.0.0.1:${port}`;
  const work = mkdtempSync(join(tmpdir(), 'portal-e2e-update-'));
  const webRoot = join(work, 'web');
  cpSync('dist/web', webRoot, { recursive: true });
  let server: ChildProcess | null = null;
  try {
    expect(await fetch(`${origin}/api/health`).catch(() => null)).toBeNull();
    server = spawn('node_modules/.bin/node', ['--import', 'tsx', 'worker/node.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: join(work, 'data'),
        PUBLIC_ORIGIN: origin,
        WEB_ROOT: webRoot,
      },
      stdio: 'ignore',
    });
    await expect
      .poll(async () => (await fetch(`${origin}/api/health`).catch(() => null))?.status, {
        timeout: 30_000,
      })
      .toBe(200);

    const context = await browser.newContext({
      baseURL: origin,
      viewport: { width: 412, height: 915 },
    });
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect
      .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
      .toBe(true);

    // Deploy a new version: the service worker script changes.
    appendFileSync(join(webRoot, 'sw.js'), '\n// next release\n');
    await page.reload();
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = 'still here';
    });
    const prompt = page.getByRole('status').filter({ hasText: 'Update available —' });
    await expect(prompt).toBeVisible({ timeout: 20_000 });
    await expect(prompt.getByRole('button', { name: 'Reload' })).toBeVisible();

    // Nothing reloads on its own while the prompt waits.
    await page.waitForTimeout(1500);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
      'still here',
    );

    await Promise.all([
      page.waitForEvent('load'),
      prompt.getByRole('button', { name: 'Reload' }).click(),
    ]);
    expect(
      await page.evaluate(() => (window as unknown as { marker?: string }).marker),
    ).toBeUndefined();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Update available —')).toHaveCount(0);
    expect(
      await page.evaluate(async () =>
        Boolean((await navigator.serviceWorker.getRegistration())?.waiting),
      ),
    ).toBe(false);
    await context.close();
  } finally {
    server?.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
  }
});
