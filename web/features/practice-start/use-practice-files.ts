// The practice's shared documents in the device's upload queue (marked QueuedFile.practice, so
// the wizard's draft never counts them): loaded and resumed on first use, only the chosen
// type's practice sections sent, and their uploads kept alive on the server while the draft
// is open, as the wizard keeps its own (decision 066).
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { DocumentSection } from '../../../schema/sections.ts';
import { keepUploadsAlive } from '../../lib/uploads/keep-uploads.ts';
import { loadUploads } from '../../lib/uploads/queue.ts';
import { setUploadSections } from '../../lib/uploads/scheduler.ts';
import { subscribeUploads, uploadsSnapshot } from '../../lib/uploads/store.ts';

const SETTLE_MS = 2000;

export function usePracticeFiles(sections: readonly DocumentSection[]) {
  useEffect(() => {
    void loadUploads();
  }, []);
  const snapshot = useSyncExternalStore(subscribeUploads, uploadsSnapshot, uploadsSnapshot);
  const files = useMemo(() => {
    const keys = new Set(sections.map((s) => s.key));
    return snapshot.files.filter((f) => f.practice && keys.has(f.sectionKey));
  }, [snapshot.files, sections]);

  useEffect(() => {
    setUploadSections(sections.map((s) => s.key));
  }, [sections]);

  const uploaded = files
    .filter((f) => f.stage === 'done' && f.url)
    .map((f) => f.url!)
    .sort()
    .join('\n');
  useEffect(() => {
    if (!uploaded) return;
    const timer = setTimeout(() => void keepUploadsAlive(uploaded.split('\n')), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [uploaded]);

  return files;
}
