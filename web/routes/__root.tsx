import { createRootRoute, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '../features/shell/not-found-page.tsx';
import { Toaster } from '../ui/toast.tsx';

export const Route = createRootRoute({
  component: () => (
    <>
      <main className="min-h-dvh bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
        <Outlet />
      </main>
      <Toaster />
    </>
  ),
  notFoundComponent: NotFoundPage,
});
