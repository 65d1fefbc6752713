// Reads the project's import graph for the house-rule tests (import-graph.test.ts,
// service-domains.test.ts). Dynamic import() is left out: a lazily loaded module does not take
// part in a load-time cycle.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const IMPORT = /^\s*(?:import|export)\s+(?:type\s+)?[\w$*{}\s,]*?\s*from\s+['"]([^'"]+)['"]/gm;
const SIDE_EFFECT_IMPORT = /^\s*import\s+['"]([^'"]+)['"]/gm;

/** The project files a file imports (relative specifiers only; packages cannot form a cycle). */
export function importsOf(file: string, source: string, known: Set<string>): string[] {
  const specifiers = [...source.matchAll(IMPORT), ...source.matchAll(SIDE_EFFECT_IMPORT)]
    .map((match) => match[1]!)
    .filter((specifier) => specifier.startsWith('.'));
  return specifiers.flatMap((specifier) => {
    const base = resolve(dirname(file), specifier);
    const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')];
    const target = candidates.find((candidate) => known.has(candidate));
    return target ? [target] : [];
  });
}

/** Strongly connected components with more than one node, or a node importing itself. */
export function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];

  function visit(node: string) {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.sort());
    }
  }

  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** Every source file of schema/, worker/ and web/, its text and what it imports. */
export function projectGraph() {
  const files = ['schema', 'worker', 'web'].flatMap((dir) => sourceFiles(join(ROOT, dir)));
  const known = new Set(files);
  const sources = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));
  const graph = new Map(files.map((file) => [file, importsOf(file, sources.get(file)!, known)]));
  return { files, sources, graph, name: (file: string) => relative(ROOT, file) };
}
