// The toasts Submit shows (docs/product.md#errors) and how often a queued submission is tried
// again while the device says it is online.
import { toast } from '../../ui/toast.tsx';

const QUEUED_RETRY_DELAYS_MS = [10_000, 30_000, 60_000, 120_000];

/** How long a queued submission waits before the page's next try while online. */
export function queuedRetryDelay(attempt: number): number {
  return QUEUED_RETRY_DELAYS_MS[Math.min(attempt, QUEUED_RETRY_DELAYS_MS.length - 1)]!;
}

export const errorToast = (description: string) =>
  toast({ title: 'Error', description, variant: 'destructive' });

export const failedToast = () =>
  toast({
    title: 'Submission Failed',
    description: 'There was an error submitting your application. Please try again.',
    variant: 'destructive',
  });
