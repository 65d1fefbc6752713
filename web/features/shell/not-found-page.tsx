import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../../lib/page-title.ts';

export function NotFoundPage() {
  usePageTitle('404 Page Not Found');
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">
        Did you forget to add the page to the router?
      </p>
      <Link
        to="/"
        className="mt-8 inline-flex min-h-11 items-center rounded-md bg-teal-700 px-4 font-medium text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        Go to the home page
      </Link>
    </section>
  );
}
