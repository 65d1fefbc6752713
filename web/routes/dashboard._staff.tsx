import { createFileRoute, Outlet } from '@tanstack/react-router';
import { StaffGuard } from '../features/auth/staff-guard.tsx';
import { StaffLayout } from '../features/dashboard/staff-layout.tsx';

// Every page under it is staff-only: the guard shows 'Loading dashboard...' and redirects.
export const Route = createFileRoute('/dashboard/_staff')({ component: StaffArea });

function StaffArea() {
  return (
    <StaffGuard>
      <StaffLayout>
        <Outlet />
      </StaffLayout>
    </StaffGuard>
  );
}
