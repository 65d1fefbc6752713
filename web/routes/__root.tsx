import { createRootRoute, Outlet } from '@tanstack/react-router';
import { AppShell } from '../features/shell/app-shell.tsx';
import { NotFoundPage } from '../features/shell/not-found-page.tsx';

export const Route = createRootRoute({
  component: () => (
    <AppShell>
      <Outlet />
    </AppShell>
  ),
  notFoundComponent: NotFoundPage,
});
