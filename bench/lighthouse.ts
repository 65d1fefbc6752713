// Lighthouse rows (mobile preset, its simulated throttling) against the running server, with
// issue 28's targets (score 100, LCP <= 1.2 s, TBT <= 100 ms, CLS 0), beside the same figures for
// the bare React + Router floor app (bench/floor/) measured in the same run; three runs per page,
// median of each figure. Debian's Chromium, headless.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { ORIGIN } from './server.ts';
import type { Row } from './table.ts';

const RUNS = 3;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

type Figures = { score: number; fcp: number; lcp: number; tbt: number; cls: number; bytes: number };
type Report = {
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number }>;
};

function lighthouseOnce(url: string): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'node_modules/.bin/lighthouse',
      [
        url,
        '--only-categories=performance',
        '--output=json',
        '--output-path=stdout',
        '--quiet',
        '--chrome-flags=--headless --no-sandbox --disable-gpu',
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited with ${code} for ${url}`));
      try {
        const report = JSON.parse(out) as Report;
        const audit = (name: string) => report.audits[name]?.numericValue ?? Number.NaN;
        resolve({
          score: Math.round((report.categories.performance.score ?? 0) * 100),
          fcp: audit('first-contentful-paint'),
          lcp: audit('largest-contentful-paint'),
          tbt: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          bytes: audit('total-byte-weight'),
        });
      } catch (error) {
        reject(error);
      }
    });
  });
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

type Medians = {
  runs: Figures[];
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferBytes: number;
};

async function medianOf(url: string): Promise<Medians> {
  const runs: Figures[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await lighthouseOnce(url));
  const m = (key: keyof Figures) => median(runs.map((r) => r[key]));
  return {
    runs,
    score: m('score'),
    fcpMs: m('fcp'),
    lcpMs: m('lcp'),
    tbtMs: m('tbt'),
    cls: m('cls'),
    transferBytes: m('bytes'),
  };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

/** The floor app's files over loopback HTTP, brotli where the build wrote a copy, as ours are. */
async function serveFloor(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer(async (req, res) => {
    const path = normalize(new URL(req.url ?? '/', 'http://floor').pathname).replace(/^\/+/, '');
    const file = join(dir, path === '' ? 'index.html' : path);
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const brotli = await readFile(`${file}.br`).catch(() => null);
    const body = brotli ?? (await readFile(file).catch(() => null));
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, {
      'Content-Type': type,
      ...(brotli ? { 'Content-Encoding': 'br' } : {}),
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export async function lighthouseRows(
  pages: Array<{ label: string; path: string }>,
  floorDir: string,
) {
  const floorServer = await serveFloor(floorDir);
  const floor = await medianOf(floorServer.url).finally(() => floorServer.close());
  const rows: Row[] = [];
  for (const { label, path } of pages) {
    const { runs, ...values } = await medianOf(`${ORIGIN}${path}`);
    const floorOf: Record<string, string> = {
      performance: `${floor.score} floor app`,
      LCP: `${(floor.lcpMs / 1000).toFixed(2)} s floor app`,
      TBT: `${floor.tbtMs.toFixed(0)} ms floor app`,
      CLS: `${floor.cls.toFixed(3)} floor app`,
    };
    const row = (what: string, figure: string, target: string, met: boolean): Row => ({
      what: `Lighthouse ${label}: ${what}`,
      figure,
      floor: floorOf[what.split(' ')[0]!] ?? '',
      ratio: '',
      target,
      met,
      values: {
        ...values,
        floorScore: floor.score,
        floorLcpMs: floor.lcpMs,
        floorTbtMs: floor.tbtMs,
      },
    });
    rows.push(
      row(
        `performance (median of ${RUNS}: ${runs.map((r) => r.score).join(', ')})`,
        String(values.score),
        '100',
        values.score >= 100,
      ),
      row(
        'LCP',
        `${(values.lcpMs / 1000).toFixed(2)} s (FCP ${(values.fcpMs / 1000).toFixed(2)} s)`,
        '<= 1.2 s',
        values.lcpMs <= 1200,
      ),
      row('TBT', `${values.tbtMs.toFixed(0)} ms`, '<= 100 ms', values.tbtMs <= 100),
      row('CLS', values.cls.toFixed(3), '0', values.cls === 0),
    );
  }
  return rows;
}
