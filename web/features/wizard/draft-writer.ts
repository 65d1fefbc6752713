// One writer per draft (issue 23): two wizard tabs saving the same device record overwrote each
// other (a last name typed in one vanished when the other saved). The tab that opens the draft
// first holds the Web Lock 'wizard-draft' for as long as it is open and is the only one that
// saves it. Another tab shows the draft read-only with a notice, follows the writer's saves
// (BroadcastChannel), and takes over, reading the device again first, once the writer closes,
// reloads or leaves. Without Web Locks every tab writes, as before.
import { atom } from 'jotai';

const NAME = 'wizard-draft';

/** True while another tab writes the draft: this one shows it read-only. */
export const otherTabWritesAtom = atom(false);

export type DraftWriter = {
  /** Whether this tab writes the draft now (false: another tab holds it). */
  now: Promise<boolean>;
  /** Resolves once this tab writes it: at once, or when the other tab lets go. */
  granted: Promise<void>;
};

export function claimDraftWriter(): DraftWriter {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return { now: Promise.resolve(true), granted: Promise.resolve() };
  let grant: () => void = () => {};
  const granted = new Promise<void>((resolve) => {
    grant = resolve;
  });
  // Never given back while the page lives: the browser releases it when the page goes.
  const hold = () => {
    grant();
    return new Promise<void>(() => {});
  };
  const now = new Promise<boolean>((answer) => {
    void locks.request(NAME, { ifAvailable: true }, (lock) => {
      answer(lock !== null);
      if (lock) return hold();
      void locks.request(NAME, hold);
      return undefined;
    });
  });
  return { now, granted };
}

// Opened at first use, in the browser only: an open channel would keep the build's server
// render (which imports this module) from ever exiting.
let channel: BroadcastChannel | null | undefined;
function draftChannel(): BroadcastChannel | null {
  channel ??= typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(NAME);
  return channel;
}

/** Tells the other tabs showing the draft read-only that the device holds a newer one. */
export function announceDraftSaved(): void {
  draftChannel()?.postMessage('saved');
}

export function onDraftSavedElsewhere(listener: () => void): void {
  draftChannel()?.addEventListener('message', listener);
}
