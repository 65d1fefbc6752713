// One tab sends the device's uploads: two open tabs would otherwise send the same files twice.
// A tab with files to send asks for the Web Lock and holds it only while it has work; when it
// gets the lock it first reads the files back from the device, so what another tab finished
// meanwhile is not sent again. So it lets the lock go only once its own files' state is stored:
// a 'done' still on its way to the device would be read as 'queued' and sent again. Where Web
// Locks are missing, every tab sends, as before.
import { uploadsPersisted } from './store.ts';

const LOCK = 'upload-sender';
let asking = false;
let release: (() => void) | null = null;

const locks = () => (typeof navigator === 'undefined' ? undefined : navigator.locks);

/**
 * Whether this tab may send now. `wanted`: it has files to send or sending. Without the lock
 * it asks for it and calls `granted` once it has it; with the lock and no work it lets it go.
 */
export function senderLock(wanted: boolean, granted: () => void): boolean {
  const manager = locks();
  if (!manager) return true;
  if (release) {
    if (wanted) return true;
    const letGo = release;
    release = null;
    void uploadsPersisted().then(letGo, letGo);
    return false;
  }
  if (wanted && !asking) {
    asking = true;
    void manager.request(
      LOCK,
      () =>
        new Promise<void>((resolve) => {
          asking = false;
          release = resolve;
          granted();
        }),
    );
  }
  return false;
}
