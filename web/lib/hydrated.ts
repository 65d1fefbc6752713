// Whether the page's first render is over. The hydrating render must match the sent HTML, so
// what depends on the device waits for this. The switch is a transition: React renders what it
// reveals in slices, where a store-based flag (TanStack's useHydrated) forces one synchronous
// re-render of all of it right after hydration, a long task on a slow phone.
import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

let firstRenderOver = false;

/** For a page rendered afresh (no server HTML to match): the device's state shows at once. */
export function skipHydration(): void {
  firstRenderOver = true;
}

const noSubscription = () => () => {};

export function useHydrated(): boolean {
  // A part of the page hydrated late (a route whose code came after the header was hydrated
  // and its effects had run) must still render as the sent HTML: React answers the server's
  // snapshot while it hydrates a component, and only then. Without this the landing page's
  // form rendered at once, did not match, and React replaced the page's HTML under a
  // doctor's finger: the tap on 'Track the Process' was lost (issue 36).
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  const [hydrated, setHydrated] = useState(() => firstRenderOver && !hydrating);
  useEffect(() => {
    if (hydrated) return;
    firstRenderOver = true;
    startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
