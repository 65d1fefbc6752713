import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { StaffPending } from '../features/auth/staff-pending.tsx';
import { StaffLayout } from '../features/dashboard/staff-layout.tsx';
import { SESSION_FRESH_MS } from '../lib/session.ts';

// The guard (docs/product.md#screens-and-routes, #states): every page under it is staff-only;
// without a session (or when
// the check fails) it goes to /dashboard/login.
export const Route = createFileRoute('/dashboard/_staff')({
  loader: async ({ parentMatchPromise }) => {
    const session = await (await parentMatchPromise).loaderData?.session;
    if (session?.status !== 'authenticated')
      throw redirect({ to: '/dashboard/login', replace: true });
    return session.user;
  },
  staleTime: SESSION_FRESH_MS,
  // The guard's check stays in the entry; its texts and the staff frame do not.
  codeSplitGroupings: [['component'], ['pendingComponent']],
  pendingComponent: StaffPending,
  pendingMs: 200,
  component: () => (
    <StaffLayout>
      <Outlet />
    </StaffLayout>
  ),
});
