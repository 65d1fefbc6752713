// The pixel work of finding the paper (paper-edges.ts): luminance, a light blur, Otsu's
// threshold between the dark surround and the bright sheet, and the largest bright region with
// the holes its print leaves filled. Plain loops over typed arrays, run in the scan worker.

/** Rec. 601 luma of RGBA pixels, 0–255. */
export function luminance(rgba: ArrayLike<number>, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height);
  for (let i = 0, j = 0; i < out.length; i++, j += 4) {
    out[i] = (rgba[j]! * 299 + rgba[j + 1]! * 587 + rgba[j + 2]! * 114) / 1000;
  }
  return out;
}

/** 3 × 3 box blur, so sensor grain and print do not break the paper into pieces. */
export function smooth(lum: ArrayLike<number>, w: number, h: number): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let sum = 0;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= w) continue;
          sum += lum[yy * w + xx]!;
          n++;
        }
      }
      out[y * w + x] = sum / n;
    }
  }
  return out;
}

/** Otsu's threshold and the means of the two classes it makes. */
export function otsu(pixels: Uint8Array) {
  const histogram = new Float64Array(256);
  for (const v of pixels) histogram[v]!++;
  const total = pixels.length;
  let sumAll = 0;
  for (let v = 0; v < 256; v++) sumAll += v * histogram[v]!;
  let best = { threshold: 0, dark: 0, bright: 0, score: -1 };
  let count = 0;
  let sum = 0;
  for (let t = 0; t < 255; t++) {
    count += histogram[t]!;
    sum += t * histogram[t]!;
    if (count === 0 || count === total) continue;
    const dark = sum / count;
    const bright = (sumAll - sum) / (total - count);
    const score = count * (total - count) * (bright - dark) ** 2;
    if (score > best.score) best = { threshold: t, dark, bright, score };
  }
  return best;
}

/** Marks with `id` every pixel 4-connected to `start` that `accept` takes; returns how many. */
function flood(
  label: Int32Array,
  stack: Int32Array,
  w: number,
  start: number,
  id: number,
  accept: (i: number) => boolean,
): number {
  let top = 0;
  let size = 0;
  stack[top++] = start;
  label[start] = id;
  while (top > 0) {
    const i = stack[--top]!;
    size++;
    const x = i % w;
    for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i - w, i + w]) {
      if (j < 0 || j >= label.length || label[j] === id || !accept(j)) continue;
      label[j] = id;
      stack[top++] = j;
    }
  }
  return size;
}

/** The largest 4-connected bright region of `mask`, with the holes inside it (print) filled. */
export function largestRegion(
  mask: Uint8Array,
  w: number,
  h: number,
): { inside: Uint8Array; area: number } {
  const n = w * h;
  const label = new Int32Array(n);
  const stack = new Int32Array(n);
  let best = 0;
  let bestSize = 0;
  let next = 0;
  for (let i = 0; i < n; i++) {
    if (!mask[i] || label[i] !== 0) continue;
    next++;
    const size = flood(label, stack, w, i, next, (j) => mask[j] === 1 && label[j] === 0);
    if (size > bestSize) {
      bestSize = size;
      best = next;
    }
  }
  const inside = new Uint8Array(n);
  if (best === 0) return { inside, area: 0 };
  // Whatever is not the region and is reachable from the picture's border is outside.
  const OUTSIDE = -1;
  const open = (j: number) => label[j] !== best && label[j] !== OUTSIDE;
  for (let i = 0; i < n; i++) {
    const x = i % w;
    const y = (i - x) / w;
    const border = x === 0 || y === 0 || x === w - 1 || y === h - 1;
    if (border && open(i)) flood(label, stack, w, i, OUTSIDE, open);
  }
  let area = 0;
  for (let i = 0; i < n; i++) {
    if (label[i] === OUTSIDE) continue;
    inside[i] = 1;
    area++;
  }
  return { inside, area };
}
