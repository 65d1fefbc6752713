// The page bench/scan.ts opens: makes ten 12-megapixel photos of document pages in a canvas,
// then runs the app's own scan steps (web/features/scan/scan-session.ts: each picture
// prepared in the scan worker and kept sealed on the device, then the PDF written in the
// worker), timing them and the long tasks they leave on the main thread.
import { type PageList, pageListReducer, WHOLE_PAGE } from '../../web/features/scan/page-list.ts';
import { makeScanPdf, takePicture } from '../../web/features/scan/scan-session.ts';

export type ScanFigures = {
  ms: number;
  floorMs: number;
  pages: number;
  inputBytes: number;
  outputBytes: number;
  longestTaskMs: number;
  longTasks: number;
};

const WIDTH = 4000;
const HEIGHT = 3000;
const WORDS = [
  'medical',
  'scheme',
  'practice',
  'number',
  'account',
  'branch',
  'certified',
  'R',
  '2025',
  'bank',
  'the',
  'of',
  'and',
];

/**
 * A phone photo of a printed page: a desk, a slightly turned sheet lit unevenly, lines of
 * text and sensor grain (a clean synthetic page would compress far better than a photo).
 */
async function photographPage(seed: number): Promise<Blob> {
  let state = seed;
  const random = () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
  const canvas = new OffscreenCanvas(WIDTH, HEIGHT);
  const ctx = canvas.getContext('2d')!;
  const desk = ctx.createLinearGradient(0, 0, WIDTH, HEIGHT);
  desk.addColorStop(0, '#6b4f3a');
  desk.addColorStop(1, '#3e2c20');
  ctx.fillStyle = desk;
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  ctx.save();
  ctx.translate(WIDTH / 2, HEIGHT / 2);
  ctx.rotate((random() - 0.5) * 0.12);
  const light = ctx.createRadialGradient(-400, -300, 200, 0, 0, 2600);
  light.addColorStop(0, '#fbfaf5');
  light.addColorStop(1, '#cfcac0');
  ctx.fillStyle = light;
  ctx.fillRect(-1300, -1420, 2600, 2840);
  ctx.fillStyle = '#1d1d1f';
  ctx.font = 'bold 64px sans-serif';
  ctx.fillText(`Page ${seed}: confirmation of banking details`, -1150, -1250);
  ctx.font = '40px sans-serif';
  for (let y = -1120; y < 1300; y += 62) {
    let line = '';
    while (line.length < 85) line += `${WORDS[Math.floor(random() * WORDS.length)]} `;
    ctx.fillText(line, -1150, y);
  }
  ctx.restore();
  const grain = ctx.createImageData(256, 256);
  for (let i = 0; i < grain.data.length; i += 4) {
    const v = random() * 255;
    grain.data.set([v, v, v, 14], i);
  }
  const tile = new OffscreenCanvas(256, 256);
  tile.getContext('2d')!.putImageData(grain, 0, 0);
  ctx.fillStyle = ctx.createPattern(tile, 'repeat')!;
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function run(): Promise<ScanFigures> {
  const pictures: Blob[] = [];
  for (let i = 1; i <= 10; i++) pictures.push(await photographPage(i));
  // Floor: the least any on-device scanner does, decoding each picture once.
  const f0 = performance.now();
  for (const picture of pictures) (await createImageBitmap(picture)).close();
  const floorMs = performance.now() - f0;
  await settle(300);

  const tasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push(entry.duration);
  });
  observer.observe({ type: 'longtask' });
  // Calibration: a deliberate 150 ms task must be seen, or "no long task" would mean nothing.
  const busyUntil = performance.now() + 150;
  while (performance.now() < busyUntil) {}
  await settle(100);
  if (tasks.length === 0) throw new Error('this Chromium reports no long tasks');
  tasks.length = 0;

  const t0 = performance.now();
  let pages: PageList = [];
  for (const picture of pictures) {
    pages = pageListReducer(pages, { type: 'add', page: await takePicture(picture) });
  }
  // One page turned and one cropped, as a practitioner would: those are drawn again.
  pages = pageListReducer(pages, { type: 'rotate', id: pages[1]!.id });
  pages = pageListReducer(pages, {
    type: 'crop',
    id: pages[2]!.id,
    corners: [{ x: 0.08, y: 0.05 }, { x: 0.93, y: 0.04 }, WHOLE_PAGE[2], { x: 0.05, y: 0.97 }],
  });
  const pdf = await makeScanPdf('bank_proof', pages);
  const ms = performance.now() - t0;
  await settle(100);
  observer.disconnect();
  return {
    ms,
    floorMs,
    pages: pages.length,
    inputBytes: pictures.reduce((sum, p) => sum + p.size, 0),
    outputBytes: pdf.size,
    longestTaskMs: Math.max(0, ...tasks),
    longTasks: tasks.length,
  };
}

(window as unknown as { benchScan: typeof run }).benchScan = run;
