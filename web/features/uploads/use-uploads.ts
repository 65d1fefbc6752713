import { useEffect, useSyncExternalStore } from 'react';
import { loadUploads } from '../../lib/upload-queue.ts';
import { subscribeUploads, uploadsSnapshot } from '../../lib/upload-store.ts';

/** The device's upload queue as React state; loads (and resumes) it on first use. */
export function useUploads() {
  useEffect(() => {
    void loadUploads();
  }, []);
  return useSyncExternalStore(subscribeUploads, uploadsSnapshot, uploadsSnapshot);
}
