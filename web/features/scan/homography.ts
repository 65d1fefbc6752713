// Perspective correction of a photographed page: the four corners the practitioner placed are
// mapped onto an upright rectangle by a homography (a 3 × 3 projective transform). Pure
// arithmetic on pixel arrays, run in the scan worker, never on the main thread.

export type Point = { x: number; y: number };
/** Top-left, top-right, bottom-right, bottom-left. */
export type Quad = readonly [Point, Point, Point, Point];
/** Row-major 3 × 3 matrix with h[8] = 1. */
export type Homography = readonly number[];

/** Solves A·x = b by Gaussian elimination with partial pivoting. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++)
      if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    if (Math.abs(m[pivot]![col]!) < 1e-12) throw new Error('the corners do not make a page');
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]!;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const row = m[r]!;
      const f = row[col]! / p[col]!;
      if (f !== 0) for (let c = col; c <= n; c++) row[c]! -= f * p[c]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/** The homography that takes each `from` corner to the matching `to` corner. */
export function homographyBetween(from: Quad, to: Quad): Homography {
  const a: number[][] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i++) {
    const { x, y } = from[i]!;
    const { x: u, y: v } = to[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  return [...solve(a, b), 1];
}

export function applyHomography(h: Homography, p: Point): Point {
  const w = h[6]! * p.x + h[7]! * p.y + h[8]!;
  return { x: (h[0]! * p.x + h[1]! * p.y + h[2]!) / w, y: (h[3]! * p.x + h[4]! * p.y + h[5]!) / w };
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** The upright page's size: the longer of each pair of opposite edges, at most `maxSide`. */
export function uprightSize(quad: Quad, maxSide: number): { width: number; height: number } {
  const [tl, tr, br, bl] = quad;
  const width = Math.max(distance(tl, tr), distance(bl, br));
  const height = Math.max(distance(tl, bl), distance(tr, br));
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** Whether the corners still sit on the picture's own edges (nothing to correct). */
export function isWholeImage(quad: Quad, tolerance = 0.001): boolean {
  const whole = [
    { x: 0, y: 0 },
    { x: 1, y: 0 },
    { x: 1, y: 1 },
    { x: 0, y: 1 },
  ];
  return quad.every(
    (p, i) => Math.abs(p.x - whole[i]!.x) <= tolerance && Math.abs(p.y - whole[i]!.y) <= tolerance,
  );
}

export type Pixels = { data: Uint8ClampedArray; width: number; height: number };

/**
 * The part of `source` inside `quad` (in source pixels), straightened into a width × height
 * rectangle. Each output pixel is looked up through the homography from the rectangle back
 * to the quad and sampled bilinearly.
 */
export function warpToRectangle(source: Pixels, quad: Quad, width: number, height: number): Pixels {
  const rectangle: Quad = [
    { x: 0, y: 0 },
    { x: width, y: 0 },
    { x: width, y: height },
    { x: 0, y: height },
  ];
  const h = homographyBetween(rectangle, quad);
  const out = new Uint8ClampedArray(width * height * 4);
  const { data, width: sw, height: sh } = source;
  const maxX = sw - 1;
  const maxY = sh - 1;
  for (let y = 0; y < height; y++) {
    const cy = y + 0.5;
    for (let x = 0; x < width; x++) {
      const cx = x + 0.5;
      const w = h[6]! * cx + h[7]! * cy + h[8]!;
      let sx = (h[0]! * cx + h[1]! * cy + h[2]!) / w - 0.5;
      let sy = (h[3]! * cx + h[4]! * cy + h[5]!) / w - 0.5;
      sx = Math.min(Math.max(sx, 0), maxX);
      sy = Math.min(Math.max(sy, 0), maxY);
      const x0 = sx | 0;
      const y0 = sy | 0;
      const x1 = x0 < maxX ? x0 + 1 : x0;
      const y1 = y0 < maxY ? y0 + 1 : y0;
      const fx = sx - x0;
      const fy = sy - y0;
      const i00 = (y0 * sw + x0) * 4;
      const i10 = (y0 * sw + x1) * 4;
      const i01 = (y1 * sw + x0) * 4;
      const i11 = (y1 * sw + x1) * 4;
      const o = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) {
        const top = data[i00 + c]! + (data[i10 + c]! - data[i00 + c]!) * fx;
        const bottom = data[i01 + c]! + (data[i11 + c]! - data[i01 + c]!) * fx;
        out[o + c] = top + (bottom - top) * fy;
      }
      out[o + 3] = 255;
    }
  }
  return { data: out, width, height };
}
