// The memory one registration form's work takes, measured in a process of its own (run with
// tsx --expose-gc): `form-memory.ts <pdf file> clean|fill` prints, as JSON, the peak of V8's heap
// plus its ArrayBuffers (what a Workers isolate counts against its 128 MB) and of the resident
// size, both over the point just before the form is read (code loaded, garbage collected).
import { readFileSync } from 'node:fs';
import { cleanRegistrationPdf } from '../services/form-pdfs/form-cleaning.ts';
import { fillRegistrationForm } from '../services/form-pdfs/registration-form-filling.ts';

const [file, phase] = process.argv.slice(2);
const gc = (globalThis as { gc?: () => void }).gc;
if (!file || !gc || (phase !== 'clean' && phase !== 'fill')) {
  throw new Error('usage: tsx --expose-gc form-memory.ts <pdf file> clean|fill');
}
/** The resident size's high-water mark so far (Linux). */
const residentPeak = () =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) * 1024;
const isolateBytes = () => {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
};

gc();
const before = { isolate: isolateBytes(), resident: process.memoryUsage().rss };
let peak = before.isolate;
const sample = () => {
  peak = Math.max(peak, isolateBytes());
};
// pdf-lib yields between batches of objects as it parses and writes: sampled there.
const sampler = setInterval(sample, 0);
const bytes = new Uint8Array(readFileSync(file));
if (phase === 'clean') {
  await cleanRegistrationPdf(bytes);
} else {
  const filled = await fillRegistrationForm(bytes, {
    mappings: [{ formField: 'Field 1', profileField: 'lastName' }],
    // A letter outside WinAnsi: the fill embeds the Unicode font, its costlier path.
    values: { lastName: 'Ŵilliams-Nkosi' },
  });
  sample();
  if (filled.byteLength < bytes.byteLength) throw new Error('the filled copy lost pages');
}
sample();
clearInterval(sampler);
console.log(
  JSON.stringify({
    isolateBytes: peak - before.isolate,
    residentBytes: residentPeak() - before.resident,
  }),
);
