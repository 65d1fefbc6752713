import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PAGE_START_SCRIPT, PAGE_START_SCRIPT_HASH } from './page-start-script.ts';

type Appended = { type: string; crossOrigin: string; src: string };

/** Runs the script against a stand-in page; frames and timers run when the test says. */
function page(stored: string | null | Error, entry: string | null) {
  const classes = new Set<string>();
  const appStarted = { value: false };
  const menuClasses = new Set(['hidden', 'absolute']);
  const menu = {
    classList: {
      toggle: (c: string, on: boolean) => (on ? menuClasses.add(c) : menuClasses.delete(c)),
    },
  };
  const toggleAttributes = new Map([
    ['aria-expanded', 'false'],
    ['aria-label', 'Open menu'],
  ]);
  const toggle = {
    getAttribute: (name: string) => toggleAttributes.get(name) ?? null,
    setAttribute: (name: string, value: unknown) => toggleAttributes.set(name, String(value)),
  };
  // The toggle's icon, inside the button, is what a finger hits.
  const icon = {
    closest: (selector: string) => (selector === 'button[aria-controls=main-menu]' ? toggle : null),
  };
  const press = (target: unknown = icon) => {
    for (const click of clicks) click({ target });
  };
  const menuState = () => ({
    classes: [...menuClasses].sort(),
    expanded: toggleAttributes.get('aria-expanded'),
    label: toggleAttributes.get('aria-label'),
  });
  // The module preloads the build marked: no rel, so nothing is fetched until the script says.
  const modules = entry ? [{ rel: '' }, { rel: '' }] : [];
  const appended: Appended[] = [];
  const frames: (() => void)[] = [];
  const parsed: (() => void)[] = [];
  const clicks: ((event: { target: unknown }) => void)[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const localStorage = {
    getItem: () => {
      if (stored instanceof Error) throw stored;
      return stored;
    },
  };
  const document = {
    readyState: 'loading',
    addEventListener: (type: string, run: () => void) => {
      if (type === 'DOMContentLoaded') parsed.push(run);
      if (type === 'click') clicks.push(run);
    },
    documentElement: {
      classList: { add: (c: string) => classes.add(c) },
      hasAttribute: (name: string) => name === 'data-app-started' && appStarted.value,
    },
    getElementById: (id: string) => (id === 'main-menu' ? menu : null),
    querySelector: (selector: string) =>
      selector === 'link[data-app-entry]' && entry ? { href: entry } : null,
    querySelectorAll: (selector: string) => (selector === 'link[data-app-module]' ? modules : []),
    createElement: () => ({ type: '', crossOrigin: '', src: '' }),
    head: { append: (element: Appended) => appended.push(element) },
  };
  new Function(
    'localStorage',
    'document',
    'requestAnimationFrame',
    'setTimeout',
    PAGE_START_SCRIPT,
  )(
    localStorage,
    document,
    (run: () => void) => frames.push(run),
    (run: () => void, ms = 0) => timers.push({ run, ms }),
  );
  return {
    classes: [...classes],
    appended,
    frames,
    timers,
    parsed,
    modules,
    press,
    menuState,
    appStarted,
  };
}

describe("the pages' inline start script", () => {
  it('is allowed by the hash the CSP names', () => {
    const digest = createHash('sha256').update(PAGE_START_SCRIPT, 'utf8').digest('base64');
    expect(PAGE_START_SCRIPT_HASH).toBe(`'sha256-${digest}'`);
  });

  it('sets the dark class only for a stored dark theme, and survives storage that throws', () => {
    expect(page('dark', null).classes).toEqual(['dark']);
    expect(page('light', null).classes).toEqual([]);
    expect(page(null, null).classes).toEqual([]);
    expect(page(new Error('storage disabled'), null).classes).toEqual([]);
  });

  it('fetches and adds the app after the first frame of the parsed page is painted, once, or by the timer where frames do not run', () => {
    const painted = page(null, '/assets/index-1.js');
    expect(painted.frames).toEqual([]);
    // Not on a frame before the document is parsed: that frame may paint nothing yet.
    painted.parsed[0]!();
    expect(painted.appended).toEqual([]);
    painted.frames[0]!();
    // The frame's callback runs before that frame's paint; the task it posts runs after it.
    expect(painted.appended).toEqual([]);
    expect(painted.modules).toEqual([{ rel: '' }, { rel: '' }]);
    painted.timers.find((t) => t.ms === 0)!.run();
    expect(painted.modules).toEqual([{ rel: 'modulepreload' }, { rel: 'modulepreload' }]);
    expect(painted.appended).toEqual([
      { type: 'module', crossOrigin: 'anonymous', src: '/assets/index-1.js' },
    ]);
    painted.timers.find((t) => t.ms === 1000)!.run();
    expect(painted.appended).toHaveLength(1);

    const background = page(null, '/assets/index-1.js');
    background.timers.find((t) => t.ms === 1000)!.run();
    expect(background.appended).toHaveLength(1);
  });

  it('adds nothing on a page without a marked entry (the dev server loads its own)', () => {
    const dev = page(null, null);
    dev.parsed[0]!();
    dev.frames[0]!();
    for (const timer of dev.timers) timer.run();
    expect(dev.appended).toEqual([]);
  });

  it("opens and closes the header's menu until the app has started, and then leaves it to the app", () => {
    const early = page(null, '/assets/index-1.js');
    const closed = { classes: ['absolute', 'hidden'], expanded: 'false', label: 'Open menu' };
    early.press();
    expect(early.menuState()).toEqual({
      classes: ['absolute', 'flex'],
      expanded: 'true',
      label: 'Close menu',
    });
    early.press();
    expect(early.menuState()).toEqual(closed);
    // A tap elsewhere on the page is not the toggle's.
    early.press({ closest: () => null });
    early.press({});
    expect(early.menuState()).toEqual(closed);
    early.appStarted.value = true;
    early.press();
    expect(early.menuState()).toEqual(closed);
  });
});
