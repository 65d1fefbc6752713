// After the practice is sent, or Start over: the manager's draft and the practice's files leave
// the device (the wizard's draft and files stay).
import { removeUpload } from '../../lib/uploads/queue.ts';
import { uploadsSnapshot } from '../../lib/uploads/store.ts';
import { clearPracticeDraft } from './practice-draft.ts';

export async function forgetPracticeDraft(): Promise<void> {
  const files = uploadsSnapshot().files.filter((f) => f.practice);
  await Promise.all(files.map((f) => removeUpload(f.id)));
  await clearPracticeDraft();
}
