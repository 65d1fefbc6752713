// React Aria works out the device's locale as its i18n module loads, checking the tag with
// Intl.DateTimeFormat.supportedLocalesOf. On a phone that is ICU's first use and walks every
// locale the date formatter has: 10-14 ms at full CPU speed, inside the task that runs the
// lookup page's modules (the tracking page's too), about 50 ms on Lighthouse's phone. The call
// is only a check that the tag is well formed (it throws a RangeError otherwise), and
// `new Intl.Locale(tag)` throws for exactly the same tags (both canonicalise the tag first,
// which is what throws) and costs nothing. This plugin swaps one for the other in that module,
// and fails the build if an upgrade moved the code it expects (decision 104).
import type { Plugin } from 'vite';

const MODULE = /react-aria\/dist\/private\/i18n\/useDefaultLocale\.m?js$/;
const CHECK = /Intl\.DateTimeFormat\.supportedLocalesOf\(\[\s*locale\s*\]\)/;

/** The module's code with the tag checked by Intl.Locale, or an error naming what is missing. */
export function cheapenLocaleCheck(code: string): string {
  if (!CHECK.test(code)) {
    throw new Error(
      "React Aria's locale check (Intl.DateTimeFormat.supportedLocalesOf([locale])) is not where build/locale-check.ts expects it: has react-aria changed?",
    );
  }
  return code.replace(CHECK, 'new Intl.Locale(locale)');
}

export function cheapLocaleCheck(): Plugin {
  let seen = false;
  return {
    name: 'cheap-locale-check',
    transform(code, id) {
      if (!MODULE.test(id.split('?')[0]!)) return null;
      seen = true;
      return { code: cheapenLocaleCheck(code), map: null };
    },
    generateBundle() {
      // A client build that has React Aria in it must have passed through the transform.
      const bundlesReactAria = [...this.getModuleIds()].some((id) => id.includes('react-aria/'));
      if (bundlesReactAria && !seen) {
        this.error(`React Aria's useDefaultLocale module was not found: has react-aria changed?`);
      }
    },
  };
}
