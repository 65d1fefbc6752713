// One review action on a submission (approve or reject a document, change a status, save a
// scheme): busy while it saves, a toast either way, and on success the router's reads are
// reloaded, since a review changes the detail and may change the lists and the stats.
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { type ToastContentData, toast } from '../../ui/toast.tsx';
import { errorMessage } from './presentation.ts';

export const UPDATE_FAILED_FALLBACK = 'The change could not be saved. Please try again.';

export type ReviewOutcome = { ok: true } | { ok: false; message: string };

/** Runs the save and says how it went, in the words the failure toast shows. */
export async function performReview(save: () => Promise<unknown>): Promise<ReviewOutcome> {
  try {
    await save();
    return { ok: true };
  } catch (error) {
    return { ok: false, message: errorMessage(error, UPDATE_FAILED_FALLBACK) };
  }
}

export function useReviewAction() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  /** Resolves true when the change was saved. */
  async function run(save: () => Promise<unknown>, success: ToastContentData): Promise<boolean> {
    setBusy(true);
    const outcome = await performReview(save);
    setBusy(false);
    if (!outcome.ok) {
      toast({ title: 'Update failed', description: outcome.message, variant: 'destructive' });
      return false;
    }
    toast(success);
    void router.invalidate();
    return true;
  }

  return { busy, run };
}
