// From the paper's region to its four corners (paper-edges.ts): the outline's points, their
// convex hull, the four hull corners enclosing the most area, then each side fitted to the
// outline and the corners put where the sides meet. Coordinates in pixels of the small copy.
import type { Point } from './homography.ts';

export const cross = (o: Point, a: Point, b: Point) =>
  (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

/** The corners of the region's pixels that can lie on its outline: each row's and column's ends. */
export function outline(inside: Uint8Array, w: number, h: number): Point[] {
  const points: Point[] = [];
  for (let y = 0; y < h; y++) {
    let first = -1;
    let last = -1;
    for (let x = 0; x < w; x++) {
      if (!inside[y * w + x]) continue;
      if (first === -1) first = x;
      last = x;
    }
    if (first === -1) continue;
    points.push(
      { x: first, y },
      { x: first, y: y + 1 },
      { x: last + 1, y },
      { x: last + 1, y: y + 1 },
    );
  }
  for (let x = 0; x < w; x++) {
    let first = -1;
    let last = -1;
    for (let y = 0; y < h; y++) {
      if (!inside[y * w + x]) continue;
      if (first === -1) first = y;
      last = y;
    }
    if (first === -1) continue;
    points.push(
      { x, y: first },
      { x: x + 1, y: first },
      { x, y: last + 1 },
      { x: x + 1, y: last + 1 },
    );
  }
  return points;
}

/** Convex hull (Andrew's monotone chain), in the order top-left → top-right → … on screen. */
export function convexHull(points: Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  const lower: Point[] = [];
  for (const p of sorted) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0)
      lower.pop();
    lower.push(p);
  }
  const upper: Point[] = [];
  for (const p of sorted.reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0)
      upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/** Twice the area a hull corner holds: the triangle it makes with its two neighbours. */
function triangle(points: Point[], i: number): number {
  const n = points.length;
  return Math.abs(cross(points[(i + n - 1) % n]!, points[i]!, points[(i + 1) % n]!));
}

/**
 * Drops the hull corner that holds the least area, again and again, until `keep` are left or
 * the least holds `slight` or more (twice the area, in square pixels).
 */
function thin(hull: Point[], keep: number, slight: number): Point[] {
  const corners = [...hull];
  while (corners.length > keep) {
    let weakest = 0;
    for (let i = 1; i < corners.length; i++)
      if (triangle(corners, i) < triangle(corners, weakest)) weakest = i;
    if (triangle(corners, weakest) >= slight) break;
    corners.splice(weakest, 1);
  }
  return corners;
}

/**
 * The four hull corners that enclose the most area. The hull is first thinned of corners on
 * nearly straight runs (a pixel staircase), then every choice of four is tried: dropping one
 * corner at a time instead would nibble a sheet's stepped tips away bit by bit.
 */
export function fourCorners(hull: Point[]): Point[] {
  const corners = thin(thin(hull, 4, 4), 40, Number.POSITIVE_INFINITY);
  const n = corners.length;
  if (n <= 4) return corners;
  let best: Point[] = corners.slice(0, 4);
  let most = -1;
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++)
      for (let k = j + 1; k < n; k++)
        for (let l = k + 1; l < n; l++) {
          const quad = [corners[i]!, corners[j]!, corners[k]!, corners[l]!];
          const area = Math.abs(signedArea(quad));
          if (area > most) {
            most = area;
            best = quad;
          }
        }
  return best;
}

type Line = { point: Point; direction: Point };

/** The line through `points` that is nearest to all of them (total least squares). */
function fitLine(points: Point[]): Line {
  let mx = 0;
  let my = 0;
  for (const p of points) {
    mx += p.x;
    my += p.y;
  }
  mx /= points.length;
  my /= points.length;
  let xx = 0;
  let xy = 0;
  let yy = 0;
  for (const p of points) {
    xx += (p.x - mx) ** 2;
    xy += (p.x - mx) * (p.y - my);
    yy += (p.y - my) ** 2;
  }
  const angle = 0.5 * Math.atan2(2 * xy, xx - yy);
  return { point: { x: mx, y: my }, direction: { x: Math.cos(angle), y: Math.sin(angle) } };
}

function intersect(a: Line, b: Line): Point | null {
  const det = a.direction.x * b.direction.y - a.direction.y * b.direction.x;
  if (Math.abs(det) < 1e-6) return null;
  const dx = b.point.x - a.point.x;
  const dy = b.point.y - a.point.y;
  const t = (dx * b.direction.y - dy * b.direction.x) / det;
  return { x: a.point.x + t * a.direction.x, y: a.point.y + t * a.direction.y };
}

/**
 * Each side fitted to the outline points along its middle, and the corners put where the
 * fitted sides meet: cutting the hull down leaves corners a few pixels inside a sheet's
 * slightly rounded (pixel-stepped) tips.
 */
export function refine(quad: Point[], points: Point[]): Point[] {
  const lines: Line[] = [];
  for (let i = 0; i < 4; i++) {
    const a = quad[i]!;
    const b = quad[(i + 1) % 4]!;
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    const ux = (b.x - a.x) / length;
    const uy = (b.y - a.y) / length;
    const near = points.filter((p) => {
      const along = ((p.x - a.x) * ux + (p.y - a.y) * uy) / length;
      const across = Math.abs((p.x - a.x) * uy - (p.y - a.y) * ux);
      return along > 0.15 && along < 0.85 && across <= Math.max(3, 0.03 * length);
    });
    if (near.length < 8) return quad;
    lines.push(fitLine(near));
  }
  // A fitted corner far from the hull's (a side bent by a shadow or a finger) is not trusted.
  const reach = 0.05 * Math.hypot(quad[0]!.x - quad[2]!.x, quad[0]!.y - quad[2]!.y);
  const refined: Point[] = [];
  for (let i = 0; i < 4; i++) {
    const corner = intersect(lines[(i + 3) % 4]!, lines[i]!);
    const before = quad[i]!;
    if (!corner || Math.hypot(corner.x - before.x, corner.y - before.y) > reach) return quad;
    refined.push(corner);
  }
  return refined;
}

/** Twice the signed area; positive for top-left → top-right → bottom-right → bottom-left. */
export function signedArea(quad: Point[]): number {
  let sum = 0;
  for (let i = 0; i < quad.length; i++) {
    const a = quad[i]!;
    const b = quad[(i + 1) % quad.length]!;
    sum += a.x * b.y - b.x * a.y;
  }
  return sum;
}

/** Starts the corners at the top-left one, going round top-right, bottom-right, bottom-left. */
export function inPageOrder(corners: Point[]): Point[] {
  const round = signedArea(corners) < 0 ? [...corners].reverse() : corners;
  let first = 0;
  round.forEach((p, i) => {
    if (p.x + p.y < round[first]!.x + round[first]!.y) first = i;
  });
  return [...round.slice(first), ...round.slice(0, first)];
}
