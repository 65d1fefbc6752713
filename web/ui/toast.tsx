// App-wide toasts (docs/product.md#limits): one at a time, shown 5000 ms, F8 moves focus to them,
// swipe
// right past 50 px dismisses. `toast()` is cheap to import: React Aria's toast region
// (about 19 KB gzip) loads on the first toast, keeping it out of the practitioner's first load.
import { type ComponentType, lazy, Suspense, useSyncExternalStore } from 'react';

export type ToastContentData = {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
};

export const TOAST_DURATION_MS = 5000;

type Deliver = (content: ToastContentData) => void;

const pending: ToastContentData[] = [];
let deliver: Deliver | null = null;
let wanted = false;
const listeners = new Set<() => void>();

/** Called by the region once it is mounted; hands over toasts raised while it loaded. */
export function connectToastRegion(next: Deliver | null) {
  deliver = next;
  if (next) for (const content of pending.splice(0)) next(content);
}

/**
 * Loads and mounts the region now, for a page whose toast must show at once: the login
 * page's 'Welcome back!' has only the moment before its full-page redirect.
 */
export function mountToastRegion(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

export function toast(content: ToastContentData): void {
  if (deliver) {
    deliver(content);
    return;
  }
  pending.push(content);
  mountToastRegion();
}

const Region: ComponentType = lazy(() =>
  import('./toast-region.tsx').then((m) => ({ default: m.ToastRegionHost })),
);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const isWanted = () => wanted;

export function Toaster() {
  const show = useSyncExternalStore(subscribe, isWanted, isWanted);
  return show ? (
    <Suspense fallback={null}>
      <Region />
    </Suspense>
  ) : null;
}
