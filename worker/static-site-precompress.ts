// Build step (vite.config.ts): writes a brotli (.br) and a gzip (.gz) copy next to every text
// file of the built web app, so the Node entry (static-site.ts) sends compressed bytes without
// compressing on each request. Cloudflare Static Assets compress by themselves and ignore these.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Compresses every text file under `root` (maximum quality: it runs once per build). A copy
 * that is not smaller than the original is not written, so the server sends the original.
 * Returns the paths written, for the build log and the tests.
 */
export async function precompressTree(root: string): Promise<string[]> {
  const written: string[] = [];
  for await (const path of filesUnder(root)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const original = await readFile(path);
    const copies: Array<[string, Buffer]> = [
      [
        `${path}.br`,
        await brotli(original, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: original.byteLength,
          },
        }),
      ],
      [`${path}.gz`, await gzipAsync(original, { level: constants.Z_BEST_COMPRESSION })],
    ];
    for (const [copyPath, bytes] of copies) {
      if (bytes.byteLength >= original.byteLength) continue;
      await writeFile(copyPath, bytes);
      written.push(copyPath);
    }
  }
  return written;
}
