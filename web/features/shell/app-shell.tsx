import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { nextTask } from '../../lib/next-task.ts';
import { Toaster } from '../../ui/toast.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/**
 * What waits on the device is driven, and shown, from every page once it has rendered: the
 * driver and the outboxes it reads come in a chunk of their own after the first paint, so the
 * first load of every page stays as small as before (decision 094). Null on the server and in
 * the first client render alike, so hydration matches.
 */
function QueuedApplicationNotice() {
  const [Notice, setNotice] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    // A task later: the import adds a preload link per file it needs, and this effect runs in
    // the task that commits the hydrated page, the longest on a slow phone (decision 124).
    void nextTask()
      .then(() => import('../outbox/queued-application-notice.tsx'))
      .then((module) => {
        if (live) setNotice(() => module.QueuedApplicationNotice);
      });
    return () => {
      live = false;
    };
  }, []);
  return Notice ? <Notice /> : null;
}

export function AppShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-teal-700 px-4 py-3 font-medium text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <QueuedApplicationNotice />
        {children}
      </main>
      <SiteFooter />
      <Toaster />
    </div>
  );
}
