import { describe, expect, it } from 'vitest';
import { blockingAfterFirstPaint, workAfterFirstPaint } from './after-paint.ts';

const task = (ts: number, dur: number, tid = 1) => ({
  name: 'RunTask',
  cat: 'toplevel',
  ph: 'X',
  ts,
  dur,
  pid: 7,
  tid,
});

describe('main-thread work after the first paint, from a trace', () => {
  it("sums the painting thread's tasks from the paint on, in ms", () => {
    const events = [
      task(1_000, 50_000), // before the paint: not counted
      { name: 'firstContentfulPaint', cat: 'loading', ph: 'R', ts: 100_000, pid: 7, tid: 1 },
      task(100_000, 20_000),
      task(300_000, 5_500),
      task(310_000, 90_000, 2), // another thread: not counted
    ];
    expect(workAfterFirstPaint(events)).toBe(25.5);
  });

  it("counts as blocking each of the painting thread's tasks after the paint past 50 ms", () => {
    const events = [
      task(1_000, 90_000), // before the paint: not counted
      { name: 'firstContentfulPaint', cat: 'loading', ph: 'R', ts: 100_000, pid: 7, tid: 1 },
      task(100_000, 80_000), // 30 ms past the line
      task(200_000, 50_000), // on the line: none
      task(300_000, 62_500), // 12.5 ms past
      task(400_000, 90_000, 2), // another thread: not counted
    ];
    expect(blockingAfterFirstPaint(events)).toBe(42.5);
  });

  it('refuses a trace without a first contentful paint', () => {
    expect(() => workAfterFirstPaint([task(0, 10)])).toThrow(/first contentful paint/);
  });
});
