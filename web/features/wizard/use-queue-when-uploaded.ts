// 'Send it when the files are up': the whole application stored to be sent once the files
// still on their way are uploaded — durable, driven by the app shell on any page
// (lib/uploads/application-outbox.ts, docs/offline-submit-flow.md).
import { getDefaultStore, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { queueWaitingApplication } from '../../lib/uploads/application-outbox.ts';
import { findUpload } from '../../lib/uploads/store.ts';
import { OUTBOX_CHANGED } from '../outbox/use-outbox-driver.ts';
import { draftAtom } from './draft.ts';
import { prepareApplication } from './prepared-application.ts';
import { type FieldErrors, validityDate } from './submission-payload.ts';
import { errorToast } from './submit-notices.ts';
import { submitEventAtom, submitStateAtom, waitingForFilesAtom } from './submit-state.ts';
import type { UnfinishedFile } from './unfinished-uploads.ts';

export function useQueueWhenUploaded(setErrors: (errors: FieldErrors) => boolean) {
  const dispatch = useSetAtom(submitEventAtom);
  return useCallback(
    async (unfinished: readonly UnfinishedFile[]) => {
      const store = getDefaultStore();
      if (store.get(submitStateAtom) !== 'idle') return;
      const draft = store.get(draftAtom);
      const moving = unfinished.filter((f) => f.moving && findUpload(f.id));
      if (!draft.practiceType || moving.length === 0) return;
      const prepared = await prepareApplication(draft, setErrors);
      if (!prepared) return;
      const { idempotencyKey, applicationId, built, fileIds } = prepared;
      try {
        await queueWaitingApplication({
          idempotencyKey,
          applicationId,
          payload: built.payload,
          fileIds,
          awaiting: moving.map((f) => {
            const sectionKey = findUpload(f.id)!.sectionKey;
            return {
              fileId: f.id,
              sectionKey,
              sectionLabel: f.sectionLabel,
              ...validityDate(draft.documentDates?.[sectionKey]),
            };
          }),
          queuedAt: new Date().toISOString(),
        });
      } catch (error) {
        errorToast(error instanceof Error ? error.message : 'Could not save your application.');
        return;
      }
      store.set(waitingForFilesAtom, true);
      dispatch('wait');
      // Asked while the practitioner is here: told by a notification when it was sent.
      if (typeof Notification !== 'undefined' && Notification.permission === 'default')
        void Notification.requestPermission().catch(() => {});
      window.dispatchEvent(new Event(OUTBOX_CHANGED));
    },
    [setErrors, dispatch],
  );
}
