import { describe, expect, it } from 'vitest';
import { startAfterFirstPaint } from './start-after-paint.ts';

describe('starting the app after the first paint', () => {
  it("marks the entry's module script and the module preloads as links the browser does not fetch yet", () => {
    const built =
      '<head><script type="module" crossorigin src="/assets/index-AB12.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/framework-CD34.js">' +
      '<link rel="modulepreload" crossorigin href="/assets/first-load-EF56.js">' +
      '<link rel="icon" href="/icons/icon.svg"></head>';
    expect(startAfterFirstPaint(built)).toBe(
      '<head><link crossorigin href="/assets/index-AB12.js" data-app-entry>' +
        '<link crossorigin href="/assets/framework-CD34.js" data-app-module>' +
        '<link crossorigin href="/assets/first-load-EF56.js" data-app-module>' +
        '<link rel="icon" href="/icons/icon.svg"></head>',
    );
  });

  it('refuses a page whose entry it cannot find, rather than ship one that never starts', () => {
    expect(() => startAfterFirstPaint('<head></head>')).toThrow(/0 entry scripts/);
  });
});
