// The page bench/photo.ts opens: makes a 12-megapixel JPEG in a canvas and compresses it with
// the app's own code (web/lib/uploads/image-compression.ts), timing it and its long main-thread tasks.
import { compressImage } from '../../web/lib/uploads/image-compression.ts';

export type PhotoFigures = {
  ms: number;
  inputBytes: number;
  outputBytes: number;
  width: number;
  height: number;
  longestTaskMs: number;
  longTasks: number;
};

/** A photo-like 4000 × 3000 JPEG: gradients, shapes and grain (a flat image would be tiny). */
async function makePhoto(): Promise<ArrayBuffer> {
  const canvas = document.createElement('canvas');
  canvas.width = 4000;
  canvas.height = 3000;
  const ctx = canvas.getContext('2d')!;
  const sky = ctx.createLinearGradient(0, 0, 4000, 3000);
  sky.addColorStop(0, '#7ab8e8');
  sky.addColorStop(1, '#c27a3a');
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, 4000, 3000);
  let seed = 7;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  for (let i = 0; i < 1500; i++) {
    ctx.fillStyle = `hsla(${random() * 360}, 60%, ${30 + random() * 40}%, 0.5)`;
    ctx.beginPath();
    ctx.ellipse(
      random() * 4000,
      random() * 3000,
      random() * 200,
      random() * 120,
      random() * 3,
      0,
      7,
    );
    ctx.fill();
  }
  const grain = ctx.createImageData(256, 256);
  for (let i = 0; i < grain.data.length; i++) grain.data[i] = (i + 1) % 4 ? random() * 255 : 40;
  const tile = document.createElement('canvas');
  tile.width = 256;
  tile.height = 256;
  tile.getContext('2d')!.putImageData(grain, 0, 0);
  ctx.fillStyle = ctx.createPattern(tile, 'repeat')!;
  ctx.fillRect(0, 0, 4000, 3000);
  const blob = await new Promise<Blob>((resolve) =>
    canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.92),
  );
  return blob.arrayBuffer();
}

async function run(): Promise<PhotoFigures> {
  const input = await makePhoto();
  // Let the generation's own long tasks end before observing.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const tasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push(entry.duration);
  });
  observer.observe({ type: 'longtask' });
  // Calibration: a deliberate 150 ms task must be seen, or "no long task" would mean nothing.
  const busyUntil = performance.now() + 150;
  while (performance.now() < busyUntil) {}
  await new Promise((resolve) => setTimeout(resolve, 100));
  if (tasks.length === 0) throw new Error('this Chromium reports no long tasks');
  tasks.length = 0;
  const t0 = performance.now();
  const output = await compressImage(input, 'image/jpeg', 'photo.jpg');
  const ms = performance.now() - t0;
  await new Promise((resolve) => setTimeout(resolve, 100));
  observer.disconnect();
  const bitmap = await createImageBitmap(new Blob([output.bytes], { type: output.type }));
  return {
    ms,
    inputBytes: input.byteLength,
    outputBytes: output.bytes.byteLength,
    width: bitmap.width,
    height: bitmap.height,
    longestTaskMs: Math.max(0, ...tasks),
    longTasks: tasks.length,
  };
}

(window as unknown as { benchPhoto: typeof run }).benchPhoto = run;
