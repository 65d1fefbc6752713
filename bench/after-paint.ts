// Main-thread work after the first paint (issue 36): what Lighthouse's TBT is made of, counted
// whole and at the machine's own speed (1×), so a page that does its work after painting shows
// it even when no single task is long. One page load in headless Chromium with a performance
// trace: the renderer main thread's top-level tasks that start at or after the first
// contentful paint, until the page has been quiet, summed. The same trace taken with the CPU
// slowed 4× (DevTools' throttling, as Lighthouse's mobile model assumes) gives the blocking
// time: each of those tasks' length past 50 ms, summed. It is read from tasks the browser ran
// slowed, not from Lighthouse's simulation, which multiplies by four whatever the shared
// machine was doing at that moment too.
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

/** The ms of each top-level task on the painting thread from its first contentful paint. */
function tasksAfterFirstPaint(events: TraceEvent[]): number[] {
  const paint = events.find((e) => e.name === 'firstContentfulPaint');
  if (!paint) throw new Error('the trace has no first contentful paint');
  return events
    .filter(
      (e) =>
        e.pid === paint.pid &&
        e.tid === paint.tid &&
        e.ph === 'X' &&
        e.name === 'RunTask' &&
        e.ts >= paint.ts,
    )
    .map((e) => (e.dur ?? 0) / 1000);
}

/** The summed ms of top-level tasks on the painting thread from its first contentful paint. */
export function workAfterFirstPaint(events: TraceEvent[]): number {
  return tasksAfterFirstPaint(events).reduce((sum, ms) => sum + ms, 0);
}

/** Blocking time after the first contentful paint: each task's ms past 50, summed. */
export function blockingAfterFirstPaint(events: TraceEvent[]): number {
  return tasksAfterFirstPaint(events).reduce((sum, ms) => sum + Math.max(0, ms - 50), 0);
}

export type AfterPaint = { workMs: number; blockingMs: number };

/**
 * Loads url once in a fresh context, the CPU slowed cpuRate times, and returns the main-thread
 * work and the blocking time after the first paint, in ms.
 */
export async function afterPaintOnce(
  browser: Browser,
  url: string,
  cpuRate = 1,
): Promise<AfterPaint> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    if (cpuRate !== 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
    }
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
    const events = Array.isArray(trace) ? trace : trace.traceEvents;
    return { workMs: workAfterFirstPaint(events), blockingMs: blockingAfterFirstPaint(events) };
  } finally {
    await context.close();
  }
}
