// The route's own files on a pre-rendered page (decision 104): the app cannot hydrate a page
// before its route's chunk and that chunk's imports are in, and without a mark for them the
// browser learns of them only once the entry has run, a round trip after the entry's own files.
// Marked like the entry's preloads (build/start-after-paint.ts), they are fetched with them.
type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
export type Manifest = Record<string, ManifestChunk>;

/** The built files of the route that renders `path`: its component chunk and its imports. */
export function routeModules(manifest: Manifest, path: string): string[] {
  const sources =
    path === '/' ? ['routes/index.tsx'] : [`routes${path}.tsx`, `routes${path}/index.tsx`];
  const key = Object.keys(manifest).find((k) =>
    sources.some((source) => k.startsWith(`${source}?tsr-split=component`)),
  );
  if (!key)
    throw new Error(
      `no route chunk for ${path} in the build manifest: has the router's split changed?`,
    );
  const files: string[] = [];
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || chunk.isEntry || files.includes(`/${chunk.file}`)) return;
    files.push(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return files;
}

/** `page` with a marked link for each of `files` it does not mark already. */
export function withRouteModules(page: string, files: string[]): string {
  const links = files
    .filter((file) => !page.includes(`href="${file}"`))
    .map((file) => `<link crossorigin href="${file}" data-app-module>`)
    .join('');
  if (!page.includes('</head>')) throw new Error('the page has no </head>');
  return page.replace('</head>', () => `${links}</head>`);
}
