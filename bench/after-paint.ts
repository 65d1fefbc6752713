// Main-thread work after the first paint (issue 36): what Lighthouse's TBT is made of, counted
// whole and at the machine's own speed (1×), so a page that does its work after painting shows
// it even when no single task is long. One page load in headless Chromium with a performance
// trace: the renderer main thread's top-level tasks that start at or after the first
// contentful paint, until the page has been quiet, summed.
import type { Browser } from '@playwright/test';

const QUIET_MS = 1500;
const LIMIT_MS = 15_000;

type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { frame?: string; data?: { frame?: string } };
};

/** The summed ms of top-level tasks on the painting thread from its first contentful paint. */
export function workAfterFirstPaint(events: TraceEvent[]): number {
  const paint = events.find((e) => e.name === 'firstContentfulPaint');
  if (!paint) throw new Error('the trace has no first contentful paint');
  let total = 0;
  for (const e of events) {
    if (e.pid !== paint.pid || e.tid !== paint.tid || e.ph !== 'X' || e.name !== 'RunTask')
      continue;
    if (e.ts < paint.ts) continue;
    total += e.dur ?? 0;
  }
  return total / 1000;
}

/** Loads url once in a fresh context and returns the ms of main-thread work after first paint. */
export async function afterPaintOnce(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'loading',
        'toplevel',
        'disabled-by-default-devtools.timeline',
      ],
    });
    // The app starts in tasks after the paint and loads its route's chunks: done once the
    // network has been idle (500 ms) and then QUIET_MS more have passed, waited in Node so the
    // wait adds no task of its own to the page.
    await page.goto(url, { waitUntil: 'networkidle', timeout: LIMIT_MS });
    await page.waitForTimeout(QUIET_MS);
    const buffer = await browser.stopTracing();
    const trace = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] } | TraceEvent[];
    return workAfterFirstPaint(Array.isArray(trace) ? trace : trace.traceEvents);
  } finally {
    await context.close();
  }
}
