import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { THEME_INIT_SCRIPT, THEME_INIT_SCRIPT_HASH } from './theme-init.ts';

describe('the inline theme script', () => {
  it('is allowed by the hash the CSP names', () => {
    const digest = createHash('sha256').update(THEME_INIT_SCRIPT, 'utf8').digest('base64');
    expect(THEME_INIT_SCRIPT_HASH).toBe(`'sha256-${digest}'`);
  });

  it('sets the dark class only for a stored dark theme, and survives storage that throws', () => {
    const run = (stored: string | null | Error) => {
      const classes = new Set<string>();
      const localStorage = {
        getItem: () => {
          if (stored instanceof Error) throw stored;
          return stored;
        },
      };
      const document = { documentElement: { classList: { add: (c: string) => classes.add(c) } } };
      new Function('localStorage', 'document', THEME_INIT_SCRIPT)(localStorage, document);
      return [...classes];
    };
    expect(run('dark')).toEqual(['dark']);
    expect(run('light')).toEqual([]);
    expect(run(null)).toEqual([]);
    expect(run(new Error('storage disabled'))).toEqual([]);
  });
});
