// A bench page (bench/photo/, bench/scan/) built with Vite into outDir and answered by
// Playwright under the bench server's origin, context-wide so a page's own worker script is
// answered too. The caller closes the browser.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium } from '@playwright/test';
import { build } from 'vite';
import { ORIGIN } from './server.ts';

export async function openBenchPage(
  name: 'photo' | 'scan',
  outDir: string,
): Promise<{ browser: Browser; context: BrowserContext; url: string }> {
  const base = `/__bench-${name}/`;
  await build({
    configFile: false,
    root: join(import.meta.dirname, name),
    base,
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const context = await browser.newContext();
  await context.route(`${ORIGIN}${base}**`, async (route) => {
    const path = new URL(route.request().url()).pathname.slice(base.length) || 'index.html';
    await route.fulfill({
      body: await readFile(join(outDir, path)),
      contentType: path.endsWith('.html') ? 'text/html' : 'text/javascript',
    });
  });
  return { browser, context, url: `${ORIGIN}${base}` };
}
