// The app's element tree, one for the browser (main.tsx) and the server render (prerender.tsx):
// React's useId names an element by its place in the tree, so the ids a hydrated page makes (a
// label's for, a tab's aria-controls) are the sent HTML's only if both trees have one shape.
import { RouterProvider } from '@tanstack/react-router';
import { lazy, StrictMode, Suspense } from 'react';
import { AfterHydration } from './features/shell/after-hydration.tsx';
import type { AppRouter } from './router.ts';

// Offline banner, update prompt and service worker registration: not needed for first paint,
// and never in the server's HTML.
const PwaStatus = lazy(() => import('./features/offline/pwa-status.tsx'));

export const appElement = (router: AppRouter) => (
  <StrictMode>
    <RouterProvider router={router} />
    <AfterHydration>
      <Suspense fallback={null}>
        <PwaStatus />
      </Suspense>
    </AfterHydration>
  </StrictMode>
);
