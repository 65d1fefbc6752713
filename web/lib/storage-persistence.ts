// Storage honesty (decision 035): what the device keeps (the draft, its files, a
// queued submission) may be cleared by the browser unless it grants persistent storage, and
// Safari on iPhone and iPad deletes a site's data after 7 days without a visit unless the app
// is on the Home Screen. Persistence is asked for early (the wizard opens with a draft, or the
// first file is added) and the answer kept, so the page can say when it was refused.
import { atom, getDefaultStore } from 'jotai';

/** unknown: not asked yet. unsupported: no StorageManager (old browsers). */
export type Persistence = 'unknown' | 'granted' | 'refused' | 'unsupported';

export const persistenceAtom = atom<Persistence>('unknown');

let asking: Promise<Persistence> | null = null;

/** Asks once per page; later calls get the same answer. */
export function requestPersistence(): Promise<Persistence> {
  asking ??= (async () => {
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
    let answer: Persistence = 'unsupported';
    if (storage?.persist) {
      try {
        answer = (await storage.persisted?.()) || (await storage.persist()) ? 'granted' : 'refused';
      } catch {
        answer = 'refused';
      }
    }
    getDefaultStore().set(persistenceAtom, answer);
    return answer;
  })();
  return asking;
}

type Device = { userAgent: string; maxTouchPoints: number; standalone: boolean };

/**
 * Safari on an iPhone or iPad, not opened from the Home Screen: its 7-day limit applies.
 * (iPadOS Safari says it is a Mac; a Mac has no touch screen.) Other iOS browsers name
 * themselves (CriOS, FxiOS, EdgiOS).
 */
export function iosSafariInBrowser(device: Device): boolean {
  const { userAgent, maxTouchPoints, standalone } = device;
  const apple =
    /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  const safari = /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(userAgent);
  return apple && safari && !standalone;
}

export function thisDevice(): Device {
  const standalone =
    window.matchMedia?.('(display-mode: standalone)').matches ||
    (navigator as { standalone?: boolean }).standalone === true;
  return {
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    standalone,
  };
}
