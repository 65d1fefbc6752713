import type { ReactNode } from 'react';
import { Toaster } from '../../ui/toast.tsx';
import { QueuedApplicationNotice } from '../outbox/queued-application-notice.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

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
