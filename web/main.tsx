import { createRouter, RouterProvider } from '@tanstack/react-router';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { routeTree } from './route-tree.gen.ts';
import './styles.css';

// SPEC §7: a read is never stale unless stated; an action that changes one calls
// router.invalidate() (docs/decisions/013-server-state.md).
const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  defaultStaleTime: Number.POSITIVE_INFINITY,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// Offline banner, update prompt and service worker registration: not needed for first paint.
const PwaStatus = lazy(() => import('./features/offline/pwa-status.tsx'));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
    <Suspense fallback={null}>
      <PwaStatus />
    </Suspense>
  </StrictMode>,
);
