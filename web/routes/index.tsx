import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/')({ component: LandingPage });

function LandingPage() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold">
        Welcome to secure, POPIA-compliant practitioner onboarding
      </h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">
        Apply to be registered with medical aid schemes, upload your supporting documents and follow
        your application with a tracking token.
      </p>
    </section>
  );
}
