// Finding the sheet of paper in a photo of a page, as scanner apps do, so the crop corners
// start on the paper instead of the picture's edges (docs/decisions/080-finding-the-paper.md).
// Pure arithmetic on a small luminance array (the scan worker hands it a ~320 px copy):
// smooth, split dark from bright at Otsu's threshold, take the largest bright region with its
// holes (the text) filled, reduce its outline to four corners, and accept them only if they
// make a plausible sheet with a real edge against a darker surround. Anything doubtful gives
// null: the page keeps the whole picture, and nothing is cut off on a guess.
import type { Point, Quad } from './homography.ts';
import {
  convexHull,
  cross,
  fourCorners,
  inPageOrder,
  outline,
  refine,
  signedArea,
} from './paper-quad.ts';
import { largestRegion, otsu, smooth } from './paper-region.ts';

/** The long side of the copy the paper is looked for in. */
export const PAPER_SEARCH_PX = 320;
/** The sheet must cover at least this share of the picture (an ID card alone does not). */
const MIN_SHARE = 0.2;
/** Each side at least this share of the picture's shorter side. */
const MIN_SIDE_SHARE = 0.25;
/** Paper must be this bright (0–255) and this much brighter than its surround. */
const MIN_PAPER_LEVEL = 96;
const MIN_CONTRAST = 40;
/** Across each side not on the picture's edge, the paper this much brighter than outside. */
const MIN_EDGE_STEP = 24;
/** The bright region must fill its quadrilateral this closely (a sheet, not a blob). */
const MAX_SHAPE_MISMATCH = 0.08;
/** Corners this close to the picture's own corners (share of each side) mean: no desk. */
const WHOLE_TOLERANCE = 0.03;
const MIN_ANGLE = (40 * Math.PI) / 180;
const MAX_ANGLE = (140 * Math.PI) / 180;

/** Whether the four corners make a convex, not too skewed quadrilateral with long sides. */
function plausibleShape(quad: Point[], w: number, h: number): boolean {
  const minSide = MIN_SIDE_SHARE * Math.min(w, h);
  for (let i = 0; i < 4; i++) {
    const prev = quad[(i + 3) % 4]!;
    const p = quad[i]!;
    const next = quad[(i + 1) % 4]!;
    if (Math.hypot(next.x - p.x, next.y - p.y) < minSide) return false;
    if (cross(prev, p, next) <= 0) return false;
    const a = { x: prev.x - p.x, y: prev.y - p.y };
    const b = { x: next.x - p.x, y: next.y - p.y };
    const angle = Math.acos(
      (a.x * b.x + a.y * b.y) / (Math.hypot(a.x, a.y) * Math.hypot(b.x, b.y)),
    );
    if (angle < MIN_ANGLE || angle > MAX_ANGLE) return false;
  }
  return true;
}

/**
 * Whether every side of the quadrilateral is a real edge: the paper just inside clearly
 * brighter than what lies just outside (a lighting gradient or a fold is not), unless the side
 * runs along the picture's own edge. False when all four do: that is the whole picture.
 */
function edgesSeen(quad: Point[], lum: Uint8Array, w: number, h: number): boolean {
  const at = (x: number, y: number) => lum[Math.floor(y) * w + Math.floor(x)]!;
  const within = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h;
  const OFFSET = 2.5;
  let seen = 0;
  for (let i = 0; i < 4; i++) {
    const a = quad[i]!;
    const b = quad[(i + 1) % 4]!;
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    // Inward normal: the corners go clockwise on screen, so inside is to the right.
    const nx = -(b.y - a.y) / length;
    const ny = (b.x - a.x) / length;
    const steps: number[] = [];
    let offPicture = 0;
    const SAMPLES = 24;
    for (let s = 1; s < SAMPLES; s++) {
      const t = 0.1 + (0.8 * s) / SAMPLES;
      const x = a.x + (b.x - a.x) * t;
      const y = a.y + (b.y - a.y) * t;
      const ox = x - nx * OFFSET;
      const oy = y - ny * OFFSET;
      const ix = x + nx * OFFSET;
      const iy = y + ny * OFFSET;
      if (!within(ox, oy)) offPicture++;
      else if (within(ix, iy)) steps.push(at(ix, iy) - at(ox, oy));
    }
    if (offPicture > SAMPLES / 2) continue;
    steps.sort((p, q) => p - q);
    if (steps.length < SAMPLES / 3) return false;
    if (steps[Math.floor(steps.length / 2)]! < MIN_EDGE_STEP) return false;
    seen++;
  }
  return seen > 0;
}

/**
 * The sheet's corners (top-left, top-right, bottom-right, bottom-left) as fractions of the
 * picture, or null when no sheet is clearly there: the page then keeps the whole picture.
 */
export function findPaper(lum: ArrayLike<number>, width: number, height: number): Quad | null {
  if (width < 16 || height < 16) return null;
  const smoothed = smooth(lum, width, height);
  const split = otsu(smoothed);
  if (split.bright < MIN_PAPER_LEVEL || split.bright - split.dark < MIN_CONTRAST) return null;
  const mask = new Uint8Array(smoothed.length);
  for (let i = 0; i < mask.length; i++) mask[i] = smoothed[i]! > split.threshold ? 1 : 0;
  const region = largestRegion(mask, width, height);
  if (region.area < MIN_SHARE * width * height) return null;
  const points = outline(region.inside, width, height);
  const hull = convexHull(points);
  if (hull.length < 4) return null;
  const quad = refine(inPageOrder(fourCorners(hull)), points);
  const area = signedArea(quad) / 2;
  if (area < MIN_SHARE * width * height) return null;
  if (Math.abs(region.area - area) > MAX_SHAPE_MISMATCH * area) return null;
  if (!plausibleShape(quad, width, height)) return null;
  if (!edgesSeen(quad, smoothed, width, height)) return null;
  const corners = quad.map((p) => ({
    x: Math.min(1, Math.max(0, p.x / width)),
    y: Math.min(1, Math.max(0, p.y / height)),
  }));
  const whole = [
    { x: 0, y: 0 },
    { x: 1, y: 0 },
    { x: 1, y: 1 },
    { x: 0, y: 1 },
  ];
  const nearWhole = corners.every(
    (p, i) =>
      Math.abs(p.x - whole[i]!.x) <= WHOLE_TOLERANCE &&
      Math.abs(p.y - whole[i]!.y) <= WHOLE_TOLERANCE,
  );
  return nearWhole ? null : (corners as unknown as Quad);
}
