// The app starts after the page's first paint (decision 104): the entry's module script becomes
// a preload (fetched at once, at the same priority) marked data-app-entry, and the pages' start
// script (schema/page-start-script.ts) adds the module once the first frame is painted.
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/g;

export function startAfterFirstPaint(page: string): string {
  const scripts = [...page.matchAll(ENTRY_SCRIPT)];
  if (scripts.length !== 1) {
    throw new Error(`index.html has ${scripts.length} entry scripts, not 1: has Vite changed?`);
  }
  const [tag, src] = scripts[0]!;
  return page.replace(
    tag,
    () => `<link rel="modulepreload" crossorigin href="${src}" data-app-entry>`,
  );
}
