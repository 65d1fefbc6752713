// The app starts after the page's first paint, and its files are fetched after it too (decision
// 104): the entry's module script becomes a link marked data-app-entry and each of Vite's module
// preloads a link marked data-app-module, neither with a rel, so the browser fetches nothing for
// them while the page is parsed and painted. The pages' start script
// (schema/page-start-script.ts) turns the marked links into preloads and adds the entry's module
// once the first frame is painted: all of them at once, so the files still come in one round.
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/g;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g;

export function startAfterFirstPaint(page: string): string {
  const scripts = [...page.matchAll(ENTRY_SCRIPT)];
  if (scripts.length !== 1) {
    throw new Error(`index.html has ${scripts.length} entry scripts, not 1: has Vite changed?`);
  }
  const [tag, src] = scripts[0]!;
  return page
    .replace(tag, () => `<link crossorigin href="${src}" data-app-entry>`)
    .replace(
      MODULE_PRELOAD,
      (_, href: string) => `<link crossorigin href="${href}" data-app-module>`,
    );
}
