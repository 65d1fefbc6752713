// Whether the page's first render is over. The hydrating render must match the sent HTML, so
// what depends on the device waits for this. The switch is a transition: React renders what it
// reveals in slices, where a store-based flag (TanStack's useHydrated) forces one synchronous
// re-render of all of it right after hydration, a long task on a slow phone.
import { startTransition, useEffect, useState } from 'react';

let firstRenderOver = false;

/** For a page rendered afresh (no server HTML to match): the device's state shows at once. */
export function skipHydration(): void {
  firstRenderOver = true;
}

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(firstRenderOver);
  useEffect(() => {
    if (hydrated) return;
    firstRenderOver = true;
    startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
