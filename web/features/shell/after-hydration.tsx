// Renders its children only after the first client render: what depends on the device (the
// stored theme, the session, the stored draft's form, the service worker) is not in the
// pre-rendered HTML, and the hydrating render must match that HTML.
import type { ReactNode } from 'react';
import { useHydrated } from '../../lib/hydrated.ts';

export function AfterHydration({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useHydrated() ? children : fallback;
}
