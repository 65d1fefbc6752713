// One row per figure, printed as one table and written to bench/results.json.
import { writeFile } from 'node:fs/promises';

export type Row = {
  what: string;
  figure: string;
  /** The same measure of the least that could be done, made in the same run ('' if none). */
  floor: string;
  /** figure ÷ floor (or floor ÷ figure for throughput), as printed ('' if no floor). */
  ratio: string;
  target: string;
  /** null: information only, no target. */
  met: boolean | null;
  /** The raw numbers behind the row, for results.json. */
  values: Record<string, number>;
};

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (value: number) => `${value.toFixed(0)} ms`;
export const times = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : '');
export const percent = (a: number, b: number) => (b > 0 ? `${((a / b) * 100).toFixed(0)} %` : '');

/** A row for a step that failed: the run goes on and the row says why. */
export function failedRow(what: string, error: unknown): Row {
  const message = error instanceof Error ? error.message : String(error);
  return {
    what,
    figure: `not measured: ${message.slice(0, 120)}`,
    floor: '',
    ratio: '',
    target: '',
    met: false,
    values: {},
  };
}

export function printTable(rows: Row[]): void {
  const header = ['what', 'figure', 'floor', 'ratio', 'target', 'met/missed'];
  const cells = rows.map((r) => [
    r.what,
    r.figure,
    r.floor || '–',
    r.ratio || '–',
    r.target || 'info',
    r.met === null ? '' : r.met ? 'met' : 'MISSED',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const c of cells) console.log(line(c));
}

export async function writeResults(path: string, rows: Row[], meta: Record<string, unknown>) {
  await writeFile(path, `${JSON.stringify({ ...meta, rows }, null, 2)}\n`);
}
