// Row 5: photo compression in headless Chromium through the app's own code path. The page
// (bench/photo/) is built with Vite into a temp folder and answered by Playwright under the
// bench server's origin, so the compression worker loads /vendor/ from the real server.

import { openBenchPage } from './bench-page.ts';
import type { PhotoFigures } from './photo/main.ts';
import { kb, ms, type Row } from './table.ts';

export async function photoRow(outDir: string): Promise<Row> {
  const { browser, context, url } = await openBenchPage('photo', outDir);
  try {
    const page = await context.newPage();
    await page.goto(`${url}index.html`);
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
