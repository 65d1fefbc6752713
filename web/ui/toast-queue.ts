// docs/product.md#limits: toasts show one at a time. React Aria's queue keeps older toasts behind
// the newest
// and shows each again, for a full timeout, once the newer one closes; a new toast here
// replaces whatever was shown or waiting instead.
import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components/Toast';
import { TOAST_DURATION_MS, type ToastContentData } from './toast.tsx';

export function createToastQueue(): ToastQueue<ToastContentData> {
  return new ToastQueue<ToastContentData>({ maxVisibleToasts: 1 });
}

/** Shows this toast for 5 s, dropping any earlier one. */
export function showToast(queue: ToastQueue<ToastContentData>, content: ToastContentData): string {
  queue.clear();
  return queue.add(content, { timeout: TOAST_DURATION_MS });
}
