import { createRootRoute, Outlet } from '@tanstack/react-router';
import { AppShell } from '../features/shell/app-shell.tsx';
import { NotFoundPage } from '../features/shell/not-found-page.tsx';
import { loadPublicConfig } from '../lib/public-config.ts';
import { loadSession, SESSION_FRESH_MS } from '../lib/session.ts';

export const Route = createRootRoute({
  // The session is handed on unawaited: only the guard and the header wait for it.
  loader: async () => ({ session: loadSession(), config: await loadPublicConfig() }),
  staleTime: SESSION_FRESH_MS,
  component: () => (
    <AppShell>
      <Outlet />
    </AppShell>
  ),
  notFoundComponent: NotFoundPage,
});
