import { describe, expect, it } from 'vitest';
import { type Manifest, routeModules, withRouteModules } from './route-modules.ts';

const manifest: Manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_framework-2.js'] },
  '_framework-2.js': { file: 'assets/framework-2.js' },
  '_dates-3.js': { file: 'assets/dates-3.js', imports: ['_framework-2.js'] },
  'routes/legal.tsx?tsr-split=component': {
    file: 'assets/legal-4.js',
    imports: ['_framework-2.js', '_dates-3.js', 'index.html'],
  },
  'routes/track/index.tsx?tsr-split=component---loader': {
    file: 'assets/track-5.js',
    imports: ['_dates-3.js'],
  },
  'routes/track/index.tsx?tsr-split=pendingComponent': { file: 'assets/track-6.js' },
  'routes/index.tsx?tsr-split=component---loader': { file: 'assets/routes-7.js' },
};

describe("a pre-rendered page's route files", () => {
  it("are the route's component chunk and everything it imports, not the entry", () => {
    expect(routeModules(manifest, '/legal')).toEqual([
      '/assets/legal-4.js',
      '/assets/framework-2.js',
      '/assets/dates-3.js',
    ]);
    expect(routeModules(manifest, '/track')).toEqual([
      '/assets/track-5.js',
      '/assets/dates-3.js',
      '/assets/framework-2.js',
    ]);
    expect(routeModules(manifest, '/')).toEqual(['/assets/routes-7.js']);
  });

  it('stop the build for a page whose route chunk is not in the manifest', () => {
    expect(() => routeModules(manifest, '/nowhere')).toThrow(/no route chunk for \/nowhere/);
  });

  it('are marked once each in the head, beside the marks the page has', () => {
    const page =
      '<head><link crossorigin href="/assets/framework-2.js" data-app-module></head><body></body>';
    expect(withRouteModules(page, ['/assets/legal-4.js', '/assets/framework-2.js'])).toBe(
      '<head><link crossorigin href="/assets/framework-2.js" data-app-module>' +
        '<link crossorigin href="/assets/legal-4.js" data-app-module></head><body></body>',
    );
  });
});
