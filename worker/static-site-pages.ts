// The Node entry writes the bureau's public details into every HTML page it sends
// (<meta name="portal-config">), so a first visit shows them without waiting for
// GET /api/config (web/lib/public-config.ts reads the tag; docs/decisions/
// 060-prerendered-public-pages.md). The build's .br/.gz copies of a page no longer match
// once the tag is in, so each page is rewritten and compressed once per process and kept.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type PublicDetails = { supportEmail: string; bureauName: string; postalAddress: string[] };

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** The tag itself, its JSON escaped for an attribute value. */
export function publicConfigMeta(details: PublicDetails): string {
  const json = JSON.stringify({
    supportEmail: details.supportEmail,
    bureauName: details.bureauName,
    postalAddress: details.postalAddress,
  });
  return `<meta name="portal-config" content="${json.replace(/[&<>"']/g, (c) => ESCAPES[c]!)}">`;
}

export function withHeadTag(html: string, tag: string): string {
  const at = html.indexOf('</head>');
  return at < 0 ? html : `${html.slice(0, at)}${tag}${html.slice(at)}`;
}

export type PageVariants = { identity: Buffer; br: Buffer; gzip: Buffer; tag: string };

/** Pages by path, rebuilt when the file on disk is newer than the kept copy. */
export function createPageCache(headTag: string) {
  const kept = new Map<string, { mtimeMs: number; variants: PageVariants }>();
  return async (path: string, mtimeMs: number): Promise<PageVariants> => {
    const hit = kept.get(path);
    if (hit && hit.mtimeMs === mtimeMs) return hit.variants;
    const identity = Buffer.from(withHeadTag(await readFile(path, 'utf8'), headTag));
    const variants: PageVariants = {
      identity,
      br: brotliCompressSync(identity, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      }),
      gzip: gzipSync(identity, { level: 9 }),
      tag: createHash('sha256').update(identity).digest('hex').slice(0, 16),
    };
    kept.set(path, { mtimeMs, variants });
    return variants;
  };
}

/**
 * The same tag written into each built .html file under webDir, for Workers: Static Assets
 * answer pages without the Worker (`npm run deploy`, and start:workers for its copy of the
 * build). Returns how many pages.
 */
export async function writeConfigIntoPages(webDir: string, details: PublicDetails) {
  const tag = publicConfigMeta(details);
  const pages = (await readdir(webDir, { recursive: true })).filter((p) => p.endsWith('.html'));
  for (const page of pages) {
    const path = join(webDir, page);
    const html = await readFile(path, 'utf8');
    if (!html.includes('<meta name="portal-config"')) await writeFile(path, withHeadTag(html, tag));
  }
  return pages.length;
}
