// Row 5: photo compression in headless Chromium through the app's own code path. The page
// (bench/photo/) is built with Vite into a temp folder and answered by Playwright under the
// bench server's origin, so the compression worker loads /vendor/ from the real server.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import type { PhotoFigures } from './photo/main.ts';
import { ORIGIN } from './server.ts';
import { kb, ms, type Row } from './table.ts';

const BASE = '/__bench-photo/';

export async function photoRow(outDir: string): Promise<Row> {
  await build({
    configFile: false,
    root: join(import.meta.dirname, 'photo'),
    base: BASE,
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    await page.route(`${ORIGIN}${BASE}**`, async (route) => {
      const path = new URL(route.request().url()).pathname.slice(BASE.length) || 'index.html';
      await route.fulfill({
        body: await readFile(join(outDir, path)),
        contentType: path.endsWith('.html') ? 'text/html' : 'text/javascript',
      });
    });
    await page.goto(`${ORIGIN}${BASE}index.html`);
    const f = await page.evaluate(() =>
      (window as unknown as { benchPhoto: () => Promise<PhotoFigures> }).benchPhoto(),
    );
    return {
      what: '12 MP JPEG → <= 2048 px, q 0.8 (app code, headless Chromium)',
      figure: `${ms(f.ms)}, ${kb(f.inputBytes)} → ${kb(f.outputBytes)} (${f.width}×${f.height}), longest task ${ms(f.longestTaskMs)}`,
      floor: '',
      ratio: '',
      target: '<= 2.5 s, longest task <= 100 ms',
      met: f.ms <= 2500 && f.longestTaskMs <= 100 && Math.max(f.width, f.height) <= 2048,
      values: { ...f },
    };
  } finally {
    await browser.close();
  }
}
