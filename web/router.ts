// The app's router, made the same way in the browser (main.tsx) and in the build's
// pre-render (prerender.tsx), so the pre-rendered HTML and the first client render agree.
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './route-tree.gen.ts';

export function createAppRouter(options: { history?: RouterHistory; prerender?: boolean } = {}) {
  return createRouter({
    routeTree,
    ...(options.history ? { history: options.history } : {}),
    defaultPreload: 'intent',
    // docs/product.md#api: a read is never stale unless stated; an action that changes one calls
    // router.invalidate() (docs/decisions/013-server-state.md).
    defaultStaleTime: Number.POSITIVE_INFINITY,
    // On the server the router would write an inline scroll script, which the CSP forbids
    // and the browser's first render does not have.
    scrollRestoration: !options.prerender,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
