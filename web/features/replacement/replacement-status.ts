// What the tracking page says about a replacement on its way, one line for a live region.
import type { QueuedFile } from '../../lib/uploads/store.ts';
import { waitsForConnection } from '../uploads/section-state.ts';

export const REPLACEMENT_WAITING =
  'Your new document is kept on this device and will be sent when you are back online with this page open.';
export const REPLACEMENT_SENDING = 'Sending your new document…';
export const REPLACEMENT_PREPARING = 'Preparing your new document on this device…';

export function replacementStatusText(files: readonly QueuedFile[], online: boolean): string {
  const file = files[0];
  if (!file || file.stage === 'error') return '';
  if (waitsForConnection(file, online) || (file.stage === 'done' && !online)) {
    return REPLACEMENT_WAITING;
  }
  if (file.stage === 'stored' || file.stage === 'compressing') return REPLACEMENT_PREPARING;
  return REPLACEMENT_SENDING;
}
