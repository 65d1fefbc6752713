// Scan to PDF (docs/decisions/075-on-device-scan-pdf.md) in headless Chromium through the app's own code path: ten
// 12-megapixel photos of document pages → one PDF, prepared and written in the scan worker.
// The page (bench/scan/) is built with Vite into a temp folder and answered by Playwright
// under the bench server's origin (IndexedDB and WebCrypto need a secure origin).

import { openBenchPage } from './bench-page.ts';
import type { ScanFigures } from './scan/main.ts';
import { kb, ms, type Row, times } from './table.ts';

export async function scanRow(outDir: string): Promise<Row> {
  const { browser, context, url } = await openBenchPage('scan', outDir);
  try {
    const page = await context.newPage();
    await page.goto(`${url}index.html`);
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
