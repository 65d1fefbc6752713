// The dashboard guard (SPEC §2, §4): 'Loading dashboard...' while the session is checked,
// then the content, or /dashboard/login when not signed in or when the check failed.
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { useSession } from '../../lib/session.ts';

export function StaffGuard({ children }: { children: ReactNode }) {
  const session = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (session.status === 'unauthenticated')
      void navigate({ to: '/dashboard/login', replace: true });
  }, [session.status, navigate]);
  if (session.status !== 'authenticated') {
    return (
      <p role="status" className="px-4 py-16 text-center text-slate-600 dark:text-slate-300">
        Loading dashboard...
      </p>
    );
  }
  return children;
}
