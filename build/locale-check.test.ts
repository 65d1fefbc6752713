import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cheapenLocaleCheck } from './locale-check.ts';

const reactAria = dirname(createRequire(import.meta.url).resolve('react-aria/package.json'));
const module = readFileSync(join(reactAria, 'dist/private/i18n/useDefaultLocale.mjs'), 'utf8');

/** What each check makes of a tag: accepted, or the class of error it throws. */
function verdict(check: (tag: string) => unknown, tag: string): string {
  try {
    check(tag);
    return 'accepted';
  } catch (error) {
    return (error as Error).constructor.name;
  }
}

describe("React Aria's locale check, made cheap at build time", () => {
  it('finds the check in the installed react-aria and replaces it', () => {
    const cheap = cheapenLocaleCheck(module);
    expect(cheap).not.toContain('supportedLocalesOf');
    expect(cheap).toContain('new Intl.Locale(locale)');
  });

  it('fails loudly when the code it expects is gone', () => {
    expect(() => cheapenLocaleCheck('export const nothing = 1;')).toThrow(/has react-aria changed/);
  });

  it('accepts and refuses the same tags as the check it replaces', () => {
    const tags = [
      'en-ZA',
      'en-US',
      'af',
      'zu-ZA',
      'xx-XX',
      'en_ZA',
      '',
      'english',
      'en-',
      '123',
      'de-DE-u-co-phonebk',
    ];
    for (const tag of tags) {
      expect(
        verdict((t) => new Intl.Locale(t), tag),
        tag,
      ).toBe(verdict((t) => Intl.DateTimeFormat.supportedLocalesOf([t]), tag));
    }
    // Both refuse a malformed tag, so React Aria falls back to en-US alike.
    expect(verdict((t) => new Intl.Locale(t), 'en_ZA')).toBe('RangeError');
  });
});
