// The app's stylesheet goes into every page (decision 101): a phone paints the pre-rendered page
// as soon as the HTML is in, instead of after a second, render-blocking request. The style
// element names its file (data-inlined) so that the app can tell Vite's preload helper the page
// has it already (web/lib/inlined-stylesheets.ts) and the service worker does not precache it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ENTRY_STYLESHEET = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g;

/** template with its stylesheet links replaced by the styles, read from outDir. */
export function inlineStylesheets(template: string, outDir: string): string {
  const links = [...template.matchAll(ENTRY_STYLESHEET)];
  if (links.length === 0) throw new Error('index.html links no stylesheet: has Vite changed?');
  let page = template;
  for (const [link, href] of links) {
    const css = readFileSync(join(outDir, href!), 'utf8');
    if (/<\/style/i.test(css)) throw new Error(`${href} cannot be inlined: it contains </style`);
    // A function replacement: `$` in the styles must stay as it is.
    page = page.replace(link, () => `<style data-inlined="${href}">${css}</style>`);
  }
  return page;
}

/** The stylesheets a page carries inline (their files are never fetched by it). */
export function inlinedStylesheets(page: string): string[] {
  return [...page.matchAll(/<style data-inlined="\/([^"]+\.css)">/g)].map(([, file]) => file!);
}
