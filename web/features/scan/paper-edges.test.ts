import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Point, Quad } from './homography.ts';
import { findPaper } from './paper-edges.ts';
import { luminance } from './paper-region.ts';

const W = 320;
const H = 240;

/** A seeded generator, so a failing picture can be drawn again. */
function randomFrom(seed: number) {
  let state = seed % 2147483647 || 1;
  return () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
}

/** Whether (x, y) lies inside the quad, at least `margin` pixels from each of its sides. */
const insideQuad = (quad: readonly Point[], x: number, y: number, margin = 0) =>
  quad.every((a, i) => {
    const b = quad[(i + 1) % quad.length]!;
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    return ((b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x)) / length >= margin;
  });

type Scene = {
  width?: number;
  height?: number;
  /** Corners in pixels, top-left first, clockwise on screen. */
  sheet?: readonly Point[];
  paper?: number;
  desk?: number;
  grain?: number;
  print?: boolean;
  seed?: number;
};

/**
 * A photo of a sheet as the scan worker sees it: a desk, the sheet lit a little unevenly, lines
 * of print, sensor grain.
 */
function photograph({
  width = W,
  height = H,
  sheet,
  paper = 225,
  desk = 70,
  grain = 12,
  print = true,
  seed = 7,
}: Scene): Uint8Array {
  const random = randomFrom(seed);
  const lum = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const cx = x + 0.5;
      const cy = y + 0.5;
      let v = desk + (12 * y) / height;
      if (sheet && insideQuad(sheet, cx, cy)) {
        v = paper - (25 * (x + y)) / (width + height);
        // Lines of print: dark dashes every 6 rows, 14 px clear of the sheet's sides.
        if (print && y % 6 < 2 && x % 9 < 6 && insideQuad(sheet, cx, cy, 14)) v = 60;
      }
      v += (random() - 0.5) * 2 * grain;
      lum[y * width + x] = Math.max(0, Math.min(255, Math.round(v)));
    }
  }
  return lum;
}

/** A sheet of `w` × `h` pixels turned by `angle` about the picture's centre (plus a shift). */
function turnedSheet(w: number, h: number, angle: number, dx = 0, dy = 0, cw = W, ch = H) {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [
    { x: -w / 2, y: -h / 2 },
    { x: w / 2, y: -h / 2 },
    { x: w / 2, y: h / 2 },
    { x: -w / 2, y: h / 2 },
  ].map((p) => ({ x: cw / 2 + dx + p.x * c - p.y * s, y: ch / 2 + dy + p.x * s + p.y * c }));
}

/** The largest distance between found and true corners, as a share of the picture's sides. */
function cornerError(found: Quad, truth: readonly Point[], width = W, height = H) {
  return Math.max(
    ...found.map((p, i) =>
      Math.max(Math.abs(p.x - truth[i]!.x / width), Math.abs(p.y - truth[i]!.y / height)),
    ),
  );
}

describe('findPaper', () => {
  it('finds a turned sheet on a darker desk, corners within 2 % of the truth', () => {
    const sheet = turnedSheet(150, 210, 0.06);
    const found = findPaper(photograph({ sheet }), W, H);
    expect(found).not.toBeNull();
    expect(cornerError(found!, sheet)).toBeLessThan(0.02);
  });

  it('finds a sheet photographed at a slant (perspective), landscape or portrait picture', () => {
    const slanted = [
      { x: 70, y: 30 },
      { x: 250, y: 42 },
      { x: 272, y: 222 },
      { x: 40, y: 205 },
    ];
    const found = findPaper(photograph({ sheet: slanted, seed: 3 }), W, H);
    expect(found).not.toBeNull();
    expect(cornerError(found!, slanted)).toBeLessThan(0.02);

    const tall = turnedSheet(170, 250, -0.1, 4, -6, 240, 320);
    const upright = findPaper(photograph({ sheet: tall, width: 240, height: 320 }), 240, 320);
    expect(upright).not.toBeNull();
    expect(cornerError(upright!, tall, 240, 320)).toBeLessThan(0.02);
  });

  it('finds the sheet like the bench photo: nearly touching the top and bottom', () => {
    // 2600 × 2840 on 4000 × 3000, seen at 320 × 240.
    const sheet = turnedSheet(208, 227, -0.05);
    const found = findPaper(photograph({ sheet, desk: 55, grain: 20 }), W, H);
    expect(found).not.toBeNull();
    expect(cornerError(found!, sheet)).toBeLessThan(0.02);
  });

  it('keeps the whole picture when the page fills the frame', () => {
    expect(findPaper(photograph({ sheet: turnedSheet(W + 40, H + 40, 0) }), W, H)).toBeNull();
    // Paper with a strong fall-off of light: the brighter half is no sheet.
    const lit = new Uint8Array(W * H).map((_, i) => 250 - ((i % W) / W) * 120);
    expect(findPaper(lit, W, H)).toBeNull();
  });

  it('keeps the whole picture for a uniform, a dark and a noise picture', () => {
    expect(findPaper(new Uint8Array(W * H).fill(128), W, H)).toBeNull();
    // A sheet in poor light: clearly a shape, but too dim to tell paper from a grey surface.
    const dark = photograph({ sheet: turnedSheet(150, 210, 0.05), paper: 90, desk: 20, grain: 6 });
    expect(findPaper(dark, W, H)).toBeNull();
    const random = randomFrom(11);
    const noise = new Uint8Array(W * H).map(() => Math.floor(random() * 256));
    expect(findPaper(noise, W, H)).toBeNull();
  });

  it('keeps the whole picture for a small bright object such as an ID card', () => {
    // 86 × 54 mm seen at 120 × 76 px: 12 % of the picture.
    const card = turnedSheet(120, 76, 0.1);
    expect(findPaper(photograph({ sheet: card, print: false }), W, H)).toBeNull();
  });

  it('keeps the whole picture for a bright shape that is not a sheet (a round plate)', () => {
    const plate = photograph({});
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++)
        if ((x - 160) ** 2 + (y - 120) ** 2 < 100 ** 2) plate[y * W + x] = 230;
    expect(findPaper(plate, W, H)).toBeNull();
  });

  it('keeps the whole picture for a bright triangle (a sheet half in shadow)', () => {
    const half = [
      { x: 40, y: 20 },
      { x: 290, y: 30 },
      { x: 165, y: 125 },
      { x: 60, y: 220 },
    ];
    expect(findPaper(photograph({ sheet: half, print: false }), W, H)).toBeNull();
  });

  it('for any turned sheet on a darker desk: the sheet within 2 %, never a wrong cut', () => {
    fc.assert(
      fc.property(
        fc.record({
          w: fc.integer({ min: 120, max: 230 }),
          h: fc.integer({ min: 150, max: 215 }),
          angle: fc.double({ min: -0.2, max: 0.2, noNaN: true }),
          dx: fc.integer({ min: -25, max: 25 }),
          paper: fc.integer({ min: 170, max: 250 }),
          desk: fc.integer({ min: 20, max: 100 }),
          seed: fc.integer({ min: 1, max: 1_000_000 }),
        }),
        ({ w, h, angle, dx, paper, desk, seed }) => {
          const sheet = turnedSheet(w, h, angle, dx);
          const inFrame = sheet.every((p) => p.x > 4 && p.y > 4 && p.x < W - 4 && p.y < H - 4);
          const found = findPaper(photograph({ sheet, paper, desk, seed }), W, H);
          if (inFrame) {
            expect(found).not.toBeNull();
            expect(cornerError(found!, sheet)).toBeLessThan(0.02);
          } else if (found) {
            // A sheet running off the picture: if corners are offered, they still hold it.
            expect(cornerError(found, sheet)).toBeLessThan(0.05);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('luminance', () => {
  it('weighs red, green and blue as the eye does', () => {
    const rgba = new Uint8Array([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 0]);
    expect([...luminance(rgba, 4, 1)]).toEqual([76, 149, 29, 255]);
  });
});
