import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlinedStylesheets, inlineStylesheets } from './inline-stylesheet.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'inline-css-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'assets/index-1.css'), '.a{content:"$&"}');
  await writeFile(join(dir, 'assets/bad-1.css'), '.a{content:"</style>"}');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const page = (href: string) =>
  `<head>\n    <link rel="stylesheet" crossorigin href="${href}">\n</head>`;

describe('inlineStylesheets', () => {
  it('puts the styles in the page, as they are, naming their file, and links none', () => {
    const inlined = inlineStylesheets(page('/assets/index-1.css'), dir);
    expect(inlined).toContain('<style data-inlined="/assets/index-1.css">.a{content:"$&"}</style>');
    expect(inlined).not.toContain('<link');
    expect(inlinedStylesheets(inlined)).toEqual(['assets/index-1.css']);
  });

  it('refuses a page without a stylesheet and styles that would close the tag', () => {
    expect(() => inlineStylesheets('<head></head>', dir)).toThrow(/links no stylesheet/);
    expect(() => inlineStylesheets(page('/assets/bad-1.css'), dir)).toThrow(/<\/style/);
  });
});
