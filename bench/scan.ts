// Scan to PDF (docs/decisions/075-on-device-scan-pdf.md) in headless Chromium through the app's own code path: ten
// 12-megapixel photos of document pages → one PDF, prepared and written in the scan worker.
// The page (bench/scan/) is built with Vite into a temp folder and answered by Playwright
// under the bench server's origin (IndexedDB and WebCrypto need a secure origin).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import type { ScanFigures } from './scan/main.ts';
import { ORIGIN } from './server.ts';
import { kb, ms, type Row, times } from './table.ts';

const BASE = '/__bench-scan/';

export async function scanRow(outDir: string): Promise<Row> {
  await build({
    configFile: false,
    root: join(import.meta.dirname, 'scan'),
    base: BASE,
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext();
    // Context-wide, so the scan worker's own script is answered too.
    await context.route(`${ORIGIN}${BASE}**`, async (route) => {
      const path = new URL(route.request().url()).pathname.slice(BASE.length) || 'index.html';
      await route.fulfill({
        body: await readFile(join(outDir, path)),
        contentType: path.endsWith('.html') ? 'text/html' : 'text/javascript',
      });
    });
    const page = await context.newPage();
    await page.goto(`${ORIGIN}${BASE}index.html`);
    const f = await page.evaluate(() =>
      (window as unknown as { benchScan: () => Promise<ScanFigures> }).benchScan(),
    );
    return {
      what: `scan: ${f.pages} × 12 MP JPEG → one PDF (app code, worker, sealed on device)`,
      figure: `${ms(f.ms)}, ${kb(f.inputBytes)} → ${kb(f.outputBytes)}, longest task ${ms(f.longestTaskMs)}`,
      floor: `${ms(f.floorMs)} decode only`,
      ratio: times(f.ms, f.floorMs),
      target: '<= 8 s, <= 4 MB, longest task <= 100 ms',
      met: f.ms <= 8000 && f.outputBytes <= 4 * 1024 * 1024 && f.longestTaskMs <= 100,
      values: { ...f },
    };
  } finally {
    await browser.close();
  }
}
