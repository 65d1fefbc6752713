import { createFileRoute } from '@tanstack/react-router';
import { resetTokenFrom } from '../features/auth/password-forms.ts';
import { ResetPasswordPage } from '../features/auth/reset-password-page.tsx';

// Kept tiny and dependency-free: validateSearch stays in the entry bundle.
export const Route = createFileRoute('/dashboard/reset-password')({
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' ? { token: search.token } : {},
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  return <ResetPasswordPage token={resetTokenFrom(Route.useSearch())} />;
}
