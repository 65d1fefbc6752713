// After a successful submit: the application leaves the device and its tracking page opens.
import type { SubmitResponse } from '../../../schema/api.ts';
import { resetUploads } from '../../lib/uploads/queue.ts';
import { toast } from '../../ui/toast.tsx';
import { markApplicationSent } from '../tracking/application-sent.ts';
import { resetDraft } from './draft.ts';
import { wipeDraft } from './wipe-draft.ts';

/**
 * Forgets the application on this device, then shows its tracking page — always, since the
 * token is what the practitioner must not lose.
 */
export async function leaveForTracking(
  result: SubmitResponse,
  goTo: (href: string) => unknown,
  clear: () => Promise<void> = wipeDraft,
): Promise<void> {
  toast({ title: 'Application Submitted', description: result.message });
  const saved = resetDraft();
  resetUploads();
  try {
    await saved;
    await clear();
  } catch {
    // The answer stays on the device, so the next start shows this page again and wipes then.
  }
  // The tracking page shows its 'Application sent' confirmation this once (decision 091).
  markApplicationSent(result.trackingToken);
  await goTo(`/track?token=${encodeURIComponent(result.trackingToken)}`);
}
