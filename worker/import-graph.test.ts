// House rules the compiler does not check: no import cycles (type-only imports included) in
// schema/, worker/ and web/, and no file in web/ or worker/ over 300 lines. How worker/services'
// domains may reach each other: service-domains.test.ts.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, importsOf, projectGraph, ROOT } from './testing/import-graph.ts';

const MAX_LINES = 300;
const { files, sources, graph, name } = projectGraph();

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
