// One Lighthouse run (mobile preset, its simulated throttling, performance only) of a page,
// with Debian's Chromium headless, and the floor app (bench/floor/) served over loopback as the
// portal's pages are (brotli where the build wrote a copy).
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export type Figures = {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
};
type Report = {
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number }>;
};

export function lighthouseOnce(url: string): Promise<Figures> {
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

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

/** The floor app's files over loopback HTTP, brotli where the build wrote a copy, as ours are. */
export async function serveFloor(
  dir: string,
): Promise<{ url: string; close: () => Promise<void> }> {
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
