// docs/product.md#screens-and-routes: what the dashboard guard shows while it checks the session.
export function StaffPending() {
  return (
    <p role="status" className="px-4 py-16 text-center text-slate-600 dark:text-slate-300">
      Loading dashboard...
    </p>
  );
}
