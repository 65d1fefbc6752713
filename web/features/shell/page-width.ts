import { useRouterState } from '@tanstack/react-router';

/** The width of the header and footer: wide on the desktop-first staff dashboard. */
export function usePageWidthClass(): string {
  const staff = useRouterState({ select: (s) => s.location.pathname.startsWith('/dashboard') });
  return staff ? 'max-w-7xl sm:px-6 lg:px-8' : 'max-w-5xl';
}
