import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyHomography,
  homographyBetween,
  isWholeImage,
  type Quad,
  uprightSize,
  warpToRectangle,
} from './homography.ts';

const square: Quad = [
  { x: 0, y: 0 },
  { x: 1, y: 0 },
  { x: 1, y: 1 },
  { x: 0, y: 1 },
];

describe('homographyBetween', () => {
  it('takes each corner to its counterpart', () => {
    const to: Quad = [
      { x: 10, y: 20 },
      { x: 300, y: 5 },
      { x: 320, y: 410 },
      { x: -4, y: 380 },
    ];
    const h = homographyBetween(square, to);
    square.forEach((p, i) => {
      const q = applyHomography(h, p);
      expect(q.x).toBeCloseTo(to[i]!.x, 6);
      expect(q.y).toBeCloseTo(to[i]!.y, 6);
    });
  });

  it('is a plain scale for a rectangle, and keeps straight lines straight', () => {
    fc.assert(
      fc.property(
        fc.record({
          dx: fc.double({ min: -0.2, max: 0.2, noNaN: true }),
          dy: fc.double({ min: -0.2, max: 0.2, noNaN: true }),
        }),
        ({ dx, dy }) => {
          const to: Quad = [
            { x: 0 + dx, y: 0 },
            { x: 2, y: 0 + dy },
            { x: 2 - dx, y: 3 },
            { x: 0, y: 3 - dy },
          ];
          const h = homographyBetween(square, to);
          // The midpoint of the top edge lands on the (projective) top edge: collinear.
          const a = applyHomography(h, { x: 0, y: 0 });
          const b = applyHomography(h, { x: 0.5, y: 0 });
          const c = applyHomography(h, { x: 1, y: 0 });
          const cross = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
          expect(Math.abs(cross)).toBeLessThan(1e-9);
        },
      ),
    );
    const scale = homographyBetween(square, [
      { x: 0, y: 0 },
      { x: 4, y: 0 },
      { x: 4, y: 2 },
      { x: 0, y: 2 },
    ]);
    expect(applyHomography(scale, { x: 0.25, y: 0.5 })).toEqual({ x: 1, y: 1 });
  });

  it('refuses corners that make no page', () => {
    const line: Quad = [
      { x: 0, y: 0 },
      { x: 1, y: 1 },
      { x: 2, y: 2 },
      { x: 3, y: 3 },
    ];
    expect(() => homographyBetween(square, line)).toThrow(/do not make a page/);
  });
});

describe('warpToRectangle', () => {
  it('straightens a tilted quad: the marked corners land in the output corners', () => {
    // 100 × 100 grey picture with a 4-pixel coloured spot at each chosen corner.
    const size = 100;
    const data = new Uint8ClampedArray(size * size * 4).fill(128);
    const quad: Quad = [
      { x: 20, y: 10 },
      { x: 90, y: 20 },
      { x: 80, y: 90 },
      { x: 10, y: 80 },
    ];
    const colours = [
      [255, 0, 0],
      [0, 255, 0],
      [0, 0, 255],
      [255, 255, 0],
    ];
    quad.forEach((p, i) => {
      for (let y = p.y - 3; y < p.y + 3; y++)
        for (let x = p.x - 3; x < p.x + 3; x++) data.set([...colours[i]!, 255], (y * size + x) * 4);
    });
    const out = warpToRectangle({ data, width: size, height: size }, quad, 50, 60);
    expect(out.width).toBe(50);
    const at = (x: number, y: number) => [
      ...out.data.slice((y * 50 + x) * 4, (y * 50 + x) * 4 + 3),
    ];
    expect(at(0, 0)).toEqual(colours[0]);
    expect(at(49, 0)).toEqual(colours[1]);
    expect(at(49, 59)).toEqual(colours[2]);
    expect(at(0, 59)).toEqual(colours[3]);
    expect(at(25, 30)).toEqual([128, 128, 128]);
  });
});

describe('uprightSize and isWholeImage', () => {
  it('takes the longer opposite edges, capped at the largest side', () => {
    const quad: Quad = [
      { x: 0, y: 0 },
      { x: 3000, y: 100 },
      { x: 2900, y: 4000 },
      { x: 100, y: 3900 },
    ];
    expect(uprightSize(quad, 10_000)).toEqual({ width: 3002, height: 3901 });
    expect(Math.max(...Object.values(uprightSize(quad, 2048)))).toBe(2048);
  });

  it('knows untouched corners', () => {
    expect(isWholeImage(square)).toBe(true);
    expect(isWholeImage([{ x: 0.1, y: 0 }, square[1], square[2], square[3]])).toBe(false);
  });
});
