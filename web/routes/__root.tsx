import { createRootRoute, Outlet } from '@tanstack/react-router';
import { AppShell } from '../features/shell/app-shell.tsx';
import { NotFoundPage } from '../features/shell/not-found-page.tsx';
import { loadPublicConfig } from '../lib/public-config.ts';
import { loadSession, SESSION_FRESH_MS } from '../lib/session.ts';

export const Route = createRootRoute({
  // Nothing is awaited: the guard and the header wait for the session, and the pages show the
  // stored public config until the server's answer arrives.
  loader: () => ({ session: loadSession(), config: loadPublicConfig() }),
  staleTime: SESSION_FRESH_MS,
  component: () => (
    <AppShell>
      <Outlet />
    </AppShell>
  ),
  notFoundComponent: NotFoundPage,
});
