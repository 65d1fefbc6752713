// The bench's headless Chromium, and its pages: a page (bench/photo/, bench/scan/) built with Vite
// into outDir and answered by Playwright under the bench server's origin, context-wide so a
// page's own worker script is answered too. The caller closes the browser.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium } from '@playwright/test';
import { build } from 'vite';
import { ORIGIN } from './server.ts';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
}

/** Answers the context's requests under `prefix` (an origin and a path) from the files in dir. */
export async function answerFromDir(context: BrowserContext, prefix: string, dir: string) {
  await context.route(`${prefix}**`, async (route) => {
    const path = new URL(route.request().url()).pathname.slice(new URL(prefix).pathname.length);
    await route.fulfill({
      body: await readFile(join(dir, path || 'index.html')),
      contentType: (path || 'index.html').endsWith('.html') ? 'text/html' : 'text/javascript',
    });
  });
}

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
  const browser = await launchChromium();
  const context = await browser.newContext();
  await answerFromDir(context, `${ORIGIN}${base}`, outDir);
  return { browser, context, url: `${ORIGIN}${base}` };
}
