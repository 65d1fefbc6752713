// The check behind worker/service-domains.test.ts: which imports break the domains' rules
// (docs/architecture.md, "Domains"). The table of domains stays in the test.
import { basename, join, relative } from 'node:path';
import { ROOT } from './import-graph.ts';

export type Domain = { entries: string[]; uses: string[] };

const SERVICES = join(ROOT, 'worker/services');

/** The domain a file belongs to, or null outside worker/services. */
function domainOf(file: string): string | null {
  const path = relative(SERVICES, file);
  return path.startsWith('..') || !path.includes('/') ? null : path.split('/')[0]!;
}

/** Every import that breaks the domains' rules, as 'importer -> imported: why'. */
export function breaches(
  graph: Map<string, string[]>,
  domains: Record<string, Domain>,
  name: (file: string) => string,
): string[] {
  const found: string[] = [];
  for (const [file, imports] of graph) {
    const from = domainOf(file);
    for (const target of imports) {
      const to = domainOf(target);
      if (!to || to === from) continue;
      const entry = basename(target).replace(/\.tsx?$/, '');
      const line = `${name(file)} -> ${name(target)}`;
      if (!domains[to]) found.push(`${line}: ${to} is not a known domain`);
      else if (!domains[to].entries.includes(entry)) found.push(`${line}: not an entry of ${to}`);
      if (from && !file.endsWith('.test.ts') && !domains[from]?.uses.includes(to)) {
        found.push(`${line}: ${from} does not use ${to}`);
      }
    }
  }
  return found;
}
