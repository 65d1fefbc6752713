// Tells the server the draft is alive so its uploads are kept (lib/uploads/keep-uploads.ts): when the
// wizard opens, shortly after a file finishes uploading, and at most hourly while it is edited.
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef } from 'react';
import {
  draftUploadUrls,
  KEEP_INTERVAL_MS,
  keepUploadsAlive,
} from '../../lib/uploads/keep-uploads.ts';
import type { QueuedFile } from '../../lib/uploads/store.ts';
import { draftAtom } from './draft.ts';

const SETTLE_MS = 2000;

export function useKeepDraftUploads(files: readonly QueuedFile[]) {
  const draft = useAtomValue(draftAtom);
  const urls = useMemo(() => draftUploadUrls(files), [files]);
  const key = urls.join('\n');
  const last = useRef({ key: '', at: 0 });

  // biome-ignore lint/correctness/useExhaustiveDependencies: an edit of the draft is a touch.
  useEffect(() => {
    if (!key) return;
    if (key === last.current.key && Date.now() - last.current.at < KEEP_INTERVAL_MS) return;
    // Several files finishing together make one call.
    const timer = setTimeout(() => {
      last.current = { key, at: Date.now() };
      void keepUploadsAlive(key.split('\n'));
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [key, draft]);
}
