// Rows 8 and 9: the practitioner's side of large uploads, in headless Chromium on the bench
// server's real app (docs/decisions/063-resumable-uploads.md). Row 8: the page's peak memory
// (JS heap plus ArrayBuffers, from the DevTools protocol) while a 100 MB PDF is added to a section
// and sent, above the same page's baseline just before. Row 9: a 40 MB PDF cut off as part 6
// starts, the page reloaded offline, then back online: the share of the file the server receives
// again (counted at the route), beside the least possible, the share not acknowledged at the cut.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { launchChromium } from './bench-page.ts';
import { ORIGIN } from './server.ts';
import { percent, type Row } from './table.ts';

const MB = 1024 * 1024;
const UPLOADED = 'All files for this section are uploaded.';

function pdfOf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n');
  return Buffer.concat([head, randomBytes(size - head.byteLength)]);
}

async function memoryOf(cdp: CDPSession): Promise<number> {
  const heap = await cdp.send('Runtime.getHeapUsage');
  const { backingStorageSize = 0, embedderHeapUsedSize = 0 } = heap as {
    backingStorageSize?: number;
    embedderHeapUsedSize?: number;
  };
  return heap.usedSize + embedderHeapUsedSize + backingStorageSize;
}

const idSection = (page: Page) =>
  page.getByRole('region', { name: 'Certified ID Copy', exact: true });

async function openNewPractice(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${ORIGIN}/`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.getByRole('radio', { name: /New Practice/ }).check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('heading', { name: 'Step 2: Contact Information' }).waitFor();
  // The files have a page of their own (the wizard's question pages, decision 097).
  const pages = page.getByRole('navigation', { name: 'Application pages' });
  await pages.locator('summary').click();
  await pages.getByRole('link', { name: /^\d+\. Documents$/ }).click();
  await idSection(page).waitFor();
  return page;
}

async function heapRow(browser: Browser, dir: string): Promise<Row> {
  const path = join(dir, 'scan-100mb.pdf');
  await writeFile(path, pdfOf(100 * MB));
  const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
  try {
    const page = await openNewPractice(context);
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    const baseline = await memoryOf(cdp);
    let peak = baseline;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await memoryOf(cdp).catch(() => 0));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    await idSection(page).locator('input[type="file"]:not([capture])').setInputFiles(path);
    await idSection(page).getByText(UPLOADED).waitFor({ timeout: 300_000 });
    sampling = false;
    await sampler;
    const growth = (peak - baseline) / MB;
    return {
      what: 'Add and send a 100 MB PDF (app, headless Chromium): peak JS heap + ArrayBuffers',
      figure: `+${growth.toFixed(1)} MB over the page's baseline`,
      floor: `baseline ${(baseline / MB).toFixed(1)} MB`,
      ratio: '',
      target: '<= 64 MB above baseline',
      met: growth <= 64,
      values: { peakMb: peak / MB, baselineMb: baseline / MB, growthMb: growth },
    };
  } finally {
    await context.close();
  }
}

async function resumeRow(browser: Browser, dir: string): Promise<Row> {
  const size = 40_000_000;
  const path = join(dir, 'scan-40mb.pdf');
  await writeFile(path, pdfOf(size));
  const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
  try {
    const page = await openNewPractice(context);
    const received = { before: 0, after: 0 };
    let phase = 'before' as 'before' | 'cut' | 'after';
    await page.route(/\/api\/storage\/uploads\/.*[?&]part=\d+/, async (route) => {
      const part = Number(new URL(route.request().url()).searchParams.get('part'));
      if (phase === 'before' && part === 6) phase = 'cut';
      if (phase === 'cut') return route.abort('internetdisconnected');
      received[phase] += route.request().postDataBuffer()?.byteLength ?? 0;
      return route.continue();
    });
    await idSection(page).locator('input[type="file"]:not([capture])').setInputFiles(path);
    const t0 = performance.now();
    while (phase !== 'cut') {
      if (performance.now() - t0 > 120_000) throw new Error('the upload never reached part 6');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await context.setOffline(true);
    await page.reload();
    await idSection(page).getByText('No Internet connection').waitFor();
    phase = 'after';
    await context.setOffline(false);
    await idSection(page).getByText(UPLOADED).waitFor({ timeout: 120_000 });
    const again = received.after / size;
    const least = (size - received.before) / size;
    return {
      what: '40 MB PDF cut off at part 6, reloaded offline, resumed: bytes sent again',
      figure: `${(again * 100).toFixed(1)} % of the file`,
      floor: `${(least * 100).toFixed(1)} % not acknowledged at the cut`,
      ratio: percent(again, least),
      target: '< 60 % of the file',
      met: again < 0.6,
      values: { resentShare: again, unacknowledgedShare: least },
    };
  } finally {
    await context.close();
  }
}

export async function deviceUploadRows(): Promise<Row[]> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-bench-device-'));
  const browser = await launchChromium();
  try {
    return [await heapRow(browser, dir), await resumeRow(browser, dir)];
  } finally {
    await browser.close();
    await rm(dir, { recursive: true, force: true });
  }
}
