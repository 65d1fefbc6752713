// House rules the compiler does not check: no import cycles (type-only imports included) in
// schema/, worker/ and web/, and no file in web/ or worker/ over 300 lines. Dynamic import()
// is left out: a lazily loaded module does not take part in a load-time cycle.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAX_LINES = 300;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const IMPORT = /^\s*(?:import|export)\s+(?:type\s+)?[\w$*{}\s,]*?\s*from\s+['"]([^'"]+)['"]/gm;
const SIDE_EFFECT_IMPORT = /^\s*import\s+['"]([^'"]+)['"]/gm;

/** The project files a file imports (relative specifiers only; packages cannot form a cycle). */
function importsOf(file: string, source: string, known: Set<string>): string[] {
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

/** Strongly connected components with more than one file, or a file importing itself. */
function cycles(graph: Map<string, string[]>): string[][] {
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

const files = ['schema', 'worker', 'web'].flatMap((dir) => sourceFiles(join(ROOT, dir)));
const known = new Set(files);
const sources = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));
const graph = new Map(files.map((file) => [file, importsOf(file, sources.get(file)!, known)]));
const name = (file: string) => relative(ROOT, file);

const tooLong = files
  .filter((file) => /^(web|worker)\//.test(name(file)) && !file.endsWith('.gen.ts'))
  .map((file) => ({ file: name(file), lines: sources.get(file)!.trimEnd().split('\n').length }))
  .filter(({ lines }) => lines > MAX_LINES);

describe('the import graph of schema/, worker/ and web/', () => {
  it('reads imports of every form, type-only and re-exports included', () => {
    const from = join(ROOT, 'worker/x.ts');
    const names = ['a.ts', 'b.ts', 'c.ts', 'd.ts', 'e.tsx'].map((f) => join(ROOT, 'worker', f));
    const source = [
      "import { a } from './a.ts';",
      "import type {\n  B,\n  C as D,\n} from './b.ts';",
      "export * from './c.ts';",
      "import './d.ts';",
      "import { E } from './e';",
      "const lazy = () => import('./a.ts');",
    ].join('\n');
    expect(importsOf(from, source, new Set(names)).sort()).toEqual(names.sort());
  });

  it('finds a cycle, also a long one', () => {
    const graphWithCycle = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cycles(graphWithCycle)).toEqual([['a', 'b', 'c']]);
  });

  it('has the files it checks', () => {
    expect(graph.get(join(ROOT, 'worker/app.ts'))).toContain(join(ROOT, 'worker/http.ts'));
  });

  it('has no import cycles', () => {
    expect(cycles(graph).map((component) => component.map(name))).toEqual([]);
  });

  it(`has no file in web/ or worker/ over ${MAX_LINES} lines`, () => {
    expect(tooLong.map(({ file, lines }) => `${file} ${lines}`)).toEqual([]);
  });
});
