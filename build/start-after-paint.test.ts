import { describe, expect, it } from 'vitest';
import { startAfterFirstPaint } from './start-after-paint.ts';

describe('starting the app after the first paint', () => {
  it("turns the entry's module script into a marked preload, keeping the other preloads", () => {
    const built =
      '<head><script type="module" crossorigin src="/assets/index-AB12.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/framework-CD34.js"></head>';
    expect(startAfterFirstPaint(built)).toBe(
      '<head><link rel="modulepreload" crossorigin href="/assets/index-AB12.js" data-app-entry>' +
        '<link rel="modulepreload" crossorigin href="/assets/framework-CD34.js"></head>',
    );
  });

  it('refuses a page whose entry it cannot find, rather than ship one that never starts', () => {
    expect(() => startAfterFirstPaint('<head></head>')).toThrow(/0 entry scripts/);
  });
});
