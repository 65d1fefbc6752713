import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { loadUploads } from '../../lib/uploads/queue.ts';
import {
  isDraftFile,
  type QueuedFile,
  subscribeUploads,
  uploadsSnapshot,
} from '../../lib/uploads/store.ts';

function useQueue() {
  useEffect(() => {
    void loadUploads();
  }, []);
  return useSyncExternalStore(subscribeUploads, uploadsSnapshot, uploadsSnapshot);
}

/** The wizard draft's files in the device's upload queue; loads (and resumes) it on first use. */
export function useUploads() {
  const snapshot = useQueue();
  // Replacements sent from the tracking page share the queue but are no part of the draft.
  const files = useMemo(() => snapshot.files.filter(isDraftFile), [snapshot.files]);
  return { loaded: snapshot.loaded, files };
}

/** Every replacement file of this application (tracking token) in the queue. */
export function useApplicationReplacements(token: string): readonly QueuedFile[] {
  const snapshot = useQueue();
  return useMemo(
    () => snapshot.files.filter((f) => f.replacement?.token === token),
    [snapshot.files, token],
  );
}

/** The files on their way to replace this rejected document. */
export function useReplacementFiles(token: string, documentId: string): readonly QueuedFile[] {
  const snapshot = useQueue();
  return useMemo(
    () =>
      snapshot.files.filter(
        (f) => f.replacement?.token === token && f.replacement.documentId === documentId,
      ),
    [snapshot.files, token, documentId],
  );
}
