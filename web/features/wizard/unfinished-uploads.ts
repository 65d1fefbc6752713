// Files of the application that are not on the server yet (decision 067's companion rule:
// nothing unfinished is dropped). The payload names only uploaded files, and a successful
// submit wipes the device, so a page still uploading in any section, required or optional,
// would be lost without a word: Submit waits for these or asks about them first.
import type { DocumentSection } from '../../../schema/sections.ts';
import {
  isDraftFile,
  type QueuedFile,
  subscribeUploads,
  uploadsSnapshot,
} from '../../lib/uploads/store.ts';

export type UnfinishedFile = {
  id: string;
  name: string;
  sectionLabel: string;
  /** Still on its way (it may finish by itself); otherwise it failed and needs the practitioner. */
  moving: boolean;
};

export function unfinishedUploads(
  sections: readonly DocumentSection[],
  files: readonly QueuedFile[],
): UnfinishedFile[] {
  const labels = new Map(sections.map((s) => [s.key, s.label]));
  return files
    .filter((f) => isDraftFile(f) && labels.has(f.sectionKey) && f.stage !== 'done')
    .map((f) => ({
      id: f.id,
      name: f.name,
      sectionLabel: labels.get(f.sectionKey)!,
      moving: f.stage !== 'error',
    }));
}

/**
 * Resolves when none of these files is still on its way (each is done, failed or removed).
 * Unlike uploadsSettled it keeps waiting offline: the practitioner chose to wait for them.
 */
export function uploadsFinished(ids: readonly string[], signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      const moving = uploadsSnapshot().files.some(
        (f) => ids.includes(f.id) && f.stage !== 'done' && f.stage !== 'error',
      );
      if (moving && !signal.aborted) return;
      unsubscribe();
      resolve();
    };
    const unsubscribe = subscribeUploads(check);
    signal.addEventListener('abort', check);
    check();
  });
}
