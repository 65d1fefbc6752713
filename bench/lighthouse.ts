// Lighthouse rows (issue 36): each page beside the bare React + Router floor app (bench/floor/)
// in the same loop: five rounds, each running the floor then every page once, so a spell of the
// shared machine weighs on both alike; medians, and the difference to the floor. Two passes:
// the machine as it is, then with one core kept busy by a CPU-bound process the bench starts
// (a phone doing other things). Each round also counts the main-thread work after the first
// paint at 1× from a trace (bench/after-paint.ts), the floor's beside it, and the blocking time
// after the paint from a trace taken at 4× CPU: Lighthouse's TBT multiplies by four whatever the
// shared machine did during its one run, the 4× trace times the tasks as they ran slowed.
// Targets: score >= 98, TBT <= floor + 50 ms, LCP <= 1.2 s, CLS 0 (medians, both passes);
// after-paint work <= 2× the floor's; blocking time at 4× <= floor + 50 ms.
import { type ChildProcess, spawn } from 'node:child_process';
import { afterPaintOnce } from './after-paint.ts';
import { launchChromium } from './bench-page.ts';
import { type Figures, lighthouseOnce, serveFloor } from './lighthouse-once.ts';
import { ORIGIN } from './server.ts';
import { ms, type Row, times } from './table.ts';

const ROUNDS = Number(process.env.BENCH_LIGHTHOUSE_ROUNDS ?? 5);
const SCORE_TARGET = 98;
const TBT_MARGIN_MS = 50;
const LCP_TARGET_MS = 1200;
const AFTER_PAINT_RATIO = 2;

type Page = { label: string; path: string };
type Samples = { lighthouse: Figures[]; afterPaintMs: number[]; blocking4xMs: number[] };

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A CPU-bound process on one core, until stopped. */
function busyCore(): ChildProcess {
  return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
}

/** ROUNDS rounds of: the floor, then each page; Lighthouse and the after-paint trace. */
async function measurePass(pages: Page[], floorUrl: string): Promise<Map<string, Samples>> {
  const targets = [{ label: 'floor', url: floorUrl }].concat(
    pages.map((p) => ({ label: p.label, url: `${ORIGIN}${p.path}` })),
  );
  const samples = new Map(
    targets.map((t) => [
      t.label,
      { lighthouse: [], afterPaintMs: [], blocking4xMs: [] } as Samples,
    ]),
  );
  const browser = await launchChromium();
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const { label, url } of targets) {
        const s = samples.get(label)!;
        s.lighthouse.push(await lighthouseOnce(url));
        s.afterPaintMs.push((await afterPaintOnce(browser, url)).workMs);
        s.blocking4xMs.push((await afterPaintOnce(browser, url, 4)).blockingMs);
      }
    }
  } finally {
    await browser.close();
  }
  return samples;
}

type Medians = {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  afterPaint: number;
  blocking4x: number;
};

function mediansOf(s: Samples): Medians {
  const m = (key: keyof Figures) => median(s.lighthouse.map((r) => r[key]));
  return {
    score: m('score'),
    fcp: m('fcp'),
    lcp: m('lcp'),
    tbt: m('tbt'),
    cls: m('cls'),
    afterPaint: median(s.afterPaintMs),
    blocking4x: median(s.blocking4xMs),
  };
}

const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;

function passRows(pass: string, pages: Page[], samples: Map<string, Samples>): Row[] {
  const floor = mediansOf(samples.get('floor')!);
  const rows: Row[] = [];
  for (const { label } of pages) {
    const s = samples.get(label)!;
    const page = mediansOf(s);
    const scores = s.lighthouse.map((r) => r.score).join(', ');
    const tbts = s.lighthouse.map((r) => r.tbt.toFixed(0)).join(', ');
    const values = {
      ...Object.fromEntries(Object.entries(page).map(([k, v]) => [k, v])),
      ...Object.fromEntries(Object.entries(floor).map(([k, v]) => [`floor_${k}`, v])),
    };
    const tbtOver = page.tbt - floor.tbt;
    const blockingOver = page.blocking4x - floor.blocking4x;
    rows.push(
      {
        what: `Lighthouse ${label}, ${pass}: score, LCP, TBT, CLS (medians of ${ROUNDS})`,
        figure:
          `score ${page.score} (${scores}), LCP ${seconds(page.lcp)}, ` +
          `TBT ${ms(page.tbt)} (${tbts}; floor ${tbtOver >= 0 ? '+' : ''}${tbtOver.toFixed(0)} ms), ` +
          `CLS ${page.cls.toFixed(3)}`,
        floor: `score ${floor.score}, LCP ${seconds(floor.lcp)}, TBT ${ms(floor.tbt)}, CLS ${floor.cls.toFixed(3)}`,
        ratio: '',
        target: `score >= ${SCORE_TARGET}, LCP <= 1.2 s, TBT <= floor + ${TBT_MARGIN_MS} ms, CLS 0`,
        met:
          page.score >= SCORE_TARGET &&
          page.lcp <= LCP_TARGET_MS &&
          tbtOver <= TBT_MARGIN_MS &&
          page.cls === 0,
        values,
      },
      {
        what: `main-thread work after first paint at 1×, ${label}, ${pass} (median of ${ROUNDS})`,
        figure: `${ms(page.afterPaint)} (${s.afterPaintMs.map((v) => v.toFixed(0)).join(', ')})`,
        floor: `${ms(floor.afterPaint)} floor app`,
        ratio: times(page.afterPaint, floor.afterPaint),
        target: `<= ${AFTER_PAINT_RATIO}× floor`,
        met: page.afterPaint <= AFTER_PAINT_RATIO * floor.afterPaint,
        values: { afterPaintMs: page.afterPaint, floorAfterPaintMs: floor.afterPaint },
      },
      {
        what: `blocking time after first paint at 4× CPU (trace), ${label}, ${pass} (median of ${ROUNDS})`,
        figure:
          `${ms(page.blocking4x)} (${s.blocking4xMs.map((v) => v.toFixed(0)).join(', ')}; ` +
          `floor ${blockingOver >= 0 ? '+' : ''}${blockingOver.toFixed(0)} ms)`,
        floor: `${ms(floor.blocking4x)} floor app`,
        ratio: '',
        target: `<= floor + ${TBT_MARGIN_MS} ms`,
        met: blockingOver <= TBT_MARGIN_MS,
        values: { blocking4xMs: page.blocking4x, floorBlocking4xMs: floor.blocking4x },
      },
    );
  }
  return rows;
}

export async function lighthouseRows(pages: Page[], floorDir: string): Promise<Row[]> {
  const floorServer = await serveFloor(floorDir);
  try {
    const idle = await measurePass(pages, floorServer.url);
    const busy = busyCore();
    let loaded: Map<string, Samples>;
    try {
      loaded = await measurePass(pages, floorServer.url);
    } finally {
      busy.kill();
    }
    return [
      ...passRows('machine as it is', pages, idle),
      ...passRows('one core kept busy', pages, loaded),
    ];
  } finally {
    await floorServer.close();
  }
}
