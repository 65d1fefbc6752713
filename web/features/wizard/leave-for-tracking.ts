// After a successful submit: the application leaves the device and its tracking page opens.
import { getDefaultStore } from 'jotai';
import { idNumberFacts } from '../../../schema/profile-rules.ts';
import type { SubmitResponse } from '../../../schema/submission-api.ts';
import { resetUploads } from '../../lib/uploads/queue.ts';
import { toast } from '../../ui/toast.tsx';
import { proposeFromIdNumber } from '../scheme-forms/profile-record.ts';
import { markApplicationSent } from '../tracking/application-sent.ts';
import { draftAtom, resetDraft } from './draft.ts';
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
  // What the ID number says (date of birth, gender) outlives the draft, for the scheme forms.
  const facts = idNumberFacts(getDefaultStore().get(draftAtom).practitioner.idNumber, new Date());
  const saved = resetDraft();
  resetUploads();
  try {
    await saved;
    await clear();
    if (facts) await proposeFromIdNumber(result.trackingToken, facts);
  } catch {
    // The answer stays on the device, so the next start shows this page again and wipes then.
  }
  // The tracking page shows its 'Application sent' confirmation this once (decision 091).
  markApplicationSent(result.trackingToken);
  await goTo(`/track?token=${encodeURIComponent(result.trackingToken)}`);
}
