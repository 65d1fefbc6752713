import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/login-page.tsx';

export const Route = createFileRoute('/dashboard/login')({
  // enrol: the code of a one-time two-step sign-in set-up link (npm run admin -- create).
  validateSearch: (search: Record<string, unknown>): { enrol?: string } =>
    typeof search.enrol === 'string' && search.enrol ? { enrol: search.enrol } : {},
  component: LoginPage,
});
