// The interaction rows: with the CPU slowed 6× (DevTools throttling in headless Chromium, a
// 360 × 740 phone), the time from an input to the next paint, 20 tries each, at the 75th
// percentile: ticking an administrator (12 schemes), typing in the scheme search, choosing a
// file, moving between wizard pages; beside the same measure for a bare React state change on
// the floor page (bench/floor/), built and served in the same run.
import type { Browser, Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { answerFromDir, launchChromium } from './bench-page.ts';
import { ORIGIN, PORT } from './server.ts';
import { ms, type Row, times } from './table.ts';

const TRIES = 20;
const CPU_SLOWDOWN = 6;
const TARGET_MS = 200;

declare global {
  interface Window {
    /** Resolves with the ms from the next `type` event (its timeStamp) to the paint after it. */
    benchNextPaint: (type: string) => Promise<number>;
    /** The figure of the try in progress. */
    benchPainted?: Promise<number>;
  }
}

/**
 * Installed before the page's own scripts: a capture listener sees the event first, and a
 * frame callback queued then runs after the app's handlers, before the next paint; a message
 * posted from it arrives once that frame is painted (the usual input-to-next-paint measure).
 */
const NEXT_PAINT = () => {
  window.benchNextPaint = (type) =>
    new Promise((resolve) => {
      document.addEventListener(
        type,
        (event) => {
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve(performance.now() - event.timeStamp);
            channel.port2.postMessage(null);
          });
        },
        { capture: true, once: true },
      );
    });
};

async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    // The figures are for a page the service worker does not answer (a first visit).
    serviceWorkers: 'block',
  });
  await context.addInitScript(NEXT_PAINT);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return page;
}

/**
 * TRIES measures of `act`, which must cause one `type` event; sorted, in ms. The listener is in
 * place before the act starts (a key press can land before an unawaited evaluate arrives).
 */
async function measure(page: Page, type: string, act: (i: number) => Promise<void>) {
  const figures: number[] = [];
  for (let i = 0; i < TRIES; i++) {
    await page.evaluate((t) => {
      window.benchPainted = window.benchNextPaint(t);
    }, type);
    await act(i);
    figures.push(await page.evaluate(() => window.benchPainted!));
    // Let whatever the input started settle before the next try.
    await page.waitForTimeout(150);
  }
  return figures.sort((a, b) => a - b);
}

const p75 = (sorted: number[]) => sorted[Math.ceil(sorted.length * 0.75) - 1]!;

/** The floor app, answered from its folder on an origin of its own (its assets are at /assets/). */
async function floorFigures(browser: Browser, floorDir: string): Promise<number[]> {
  const page = await phonePage(browser);
  const origin = `http://127.0.0.1:${PORT + 2}/`;
  await answerFromDir(page.context(), origin, floorDir);
  await page.goto(origin);
  const button = page.getByRole('button', { name: /Pressed/ });
  await button.waitFor();
  return await measure(page, 'click', () => button.click());
}

async function appFigures(browser: Browser): Promise<Record<string, number[]>> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]).drawText('Certified copy', { x: 50, y: 780 });
  const document = Buffer.from(await pdf.save());
  const page = await phonePage(browser);
  const figures: Record<string, number[]> = {};
  await page.goto(`${ORIGIN}/`);
  await page.getByRole('radio', { name: /New Practice/ }).check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('heading', { name: 'Step 2: Contact Information' }).waitFor();
  // Moving between pages: Skip for now, then Back, each a try.
  figures.pages = await measure(page, 'click', async (i) => {
    const name = i % 2 === 0 ? 'Skip for now' : 'Back';
    await page.getByRole('button', { name, exact: true }).click();
  });
  await page.goto(`${ORIGIN}/?step=schemes`);
  const administrator = page.getByRole('checkbox', { name: 'Discovery Health', exact: true });
  await administrator.waitFor();
  figures.administrator = await measure(page, 'click', () => administrator.click());
  const search = page.getByPlaceholder('Search schemes or administrators');
  await search.click();
  figures.search = await measure(page, 'keydown', async (i) => {
    await page.keyboard.press(i % 2 === 0 ? 'g' : 'Backspace');
  });
  await page.goto(`${ORIGIN}/?step=documents`);
  const input = page.locator('input[type="file"]:not([capture])').first();
  await input.waitFor({ state: 'attached' });
  figures.file = await measure(page, 'change', (i) =>
    input.setInputFiles({ name: `id-${i}.pdf`, mimeType: 'application/pdf', buffer: document }),
  );
  return figures;
}

const LABELS: Record<string, string> = {
  administrator: 'tick an administrator (12 schemes)',
  search: 'type in the scheme search',
  file: 'choose a file (a document section)',
  pages: 'move between wizard pages (Skip for now, Back)',
};

export async function interactionRows(floorDir: string): Promise<Row[]> {
  const browser = await launchChromium();
  try {
    const floor = await floorFigures(browser, floorDir);
    const app = await appFigures(browser);
    return Object.entries(LABELS).map(([key, label]) => {
      const sorted = app[key]!;
      return {
        what: `input → next paint, CPU ${CPU_SLOWDOWN}× slower: ${label}`,
        figure: `p75 ${ms(p75(sorted))}, max ${ms(sorted.at(-1)!)} (${TRIES} tries)`,
        floor: `p75 ${ms(p75(floor))} bare React state change`,
        ratio: times(p75(sorted), p75(floor)),
        target: `p75 <= ${TARGET_MS} ms`,
        met: p75(sorted) <= TARGET_MS,
        values: { p75: p75(sorted), max: sorted.at(-1)!, floorP75: p75(floor), tries: TRIES },
      };
    });
  } finally {
    await browser.close();
  }
}
