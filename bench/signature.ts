// The signature image's refusal (security review H2): a PNG of a few hundred bytes declaring
// 20,000 × 20,000 is refused from its header, before any image data is inflated. Measured in
// this process through the server's own code, beside the floor of decoding the pad's own
// 600 × 200 signature: the refusal must cost no more than a real signature, and leave the
// heap where it was.
import { signatureImage } from '../worker/services/scheme-forms/signature-png.ts';
import { declaredPngDataUrl, signaturePngDataUrl } from '../worker/testing/signature-fixture.ts';
import { ms, type Row, times } from './table.ts';

const RUNS = 200;

async function timed(signature: string, refused: boolean): Promise<number[]> {
  const each: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    try {
      await signatureImage(signature);
      if (refused) throw new Error('the giant header was accepted');
    } catch (error) {
      if (!refused) throw error;
    }
    each.push(performance.now() - t0);
  }
  return each.sort((a, b) => a - b);
}

const at = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

export async function signatureRows(): Promise<Row[]> {
  const giant = declaredPngDataUrl(20_000, 20_000, 80_001);
  const pad = signaturePngDataUrl(600, 200);
  await timed(pad, false);
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const refusals = await timed(giant, true);
  globalThis.gc?.();
  const heapGrowth = process.memoryUsage().heapUsed - heapBefore;
  const floor = await timed(pad, false);
  const worst = refusals.at(-1)!;
  return [
    {
      what: `Signature PNG declaring 20,000 × 20,000 (${giant.length} B) refused, ${RUNS} times`,
      figure: `p50 ${at(refusals, 0.5).toFixed(2)} ms, worst ${ms(worst)}, heap ${(heapGrowth / 1024 / 1024).toFixed(1)} MB after`,
      floor: `the pad's 600 × 200 decoded: p50 ${at(floor, 0.5).toFixed(2)} ms`,
      ratio: times(at(refusals, 0.5), at(floor, 0.5)),
      target: 'worst < 50 ms; p50 <= the floor; heap growth < 5 MB',
      met: worst < 50 && at(refusals, 0.5) <= at(floor, 0.5) && heapGrowth < 5 * 1024 * 1024,
      values: {
        p50Ms: at(refusals, 0.5),
        worstMs: worst,
        floorP50Ms: at(floor, 0.5),
        heapGrowthBytes: heapGrowth,
      },
    },
  ];
}
