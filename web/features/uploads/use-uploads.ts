import { useEffect, useSyncExternalStore } from 'react';
import { loadUploads, subscribeUploads, uploadsSnapshot } from '../../lib/upload-queue.ts';

/** The device's upload queue as React state; loads (and resumes) it on first use. */
export function useUploads() {
  useEffect(() => {
    void loadUploads();
  }, []);
  return useSyncExternalStore(subscribeUploads, uploadsSnapshot, uploadsSnapshot);
}
