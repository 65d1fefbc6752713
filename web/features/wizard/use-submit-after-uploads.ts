// Submit with files still on their way (unfinished-uploads.ts): the practitioner is asked, and
// either has it sent when the files are up (stored on the device, the wizard read-only, sent by
// the app shell even after the app was closed and opened again: application-outbox.ts), submits
// without them, or goes back.
import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { submitEventAtom } from './submit-state.ts';
import { type UnfinishedFile, uploadsFinished } from './unfinished-uploads.ts';

export function useSubmitAfterUploads(
  submit: (leaveUnfinished?: boolean) => Promise<UnfinishedFile[] | undefined>,
  queueWhenUploaded: (files: readonly UnfinishedFile[]) => Promise<void>,
) {
  const dispatch = useSetAtom(submitEventAtom);
  const [asking, setAsking] = useState<UnfinishedFile[] | null>(null);
  const [waitingFor, setWaitingFor] = useState(0);
  const waiting = useRef<AbortController | null>(null);

  useEffect(() => () => waiting.current?.abort(), []);

  const press = useCallback(async () => {
    const unfinished = await submit();
    if (unfinished) setAsking(unfinished);
  }, [submit]);

  const sendWhenUp = useCallback(async () => {
    const files = asking ?? [];
    setAsking(null);
    await queueWhenUploaded(files);
  }, [asking, queueWhenUploaded]);

  const wait = useCallback(async () => {
    const ids = (asking ?? []).filter((f) => f.moving).map((f) => f.id);
    setAsking(null);
    if (ids.length === 0) return;
    const controller = new AbortController();
    waiting.current = controller;
    setWaitingFor(ids.length);
    dispatch('await-uploads');
    await uploadsFinished(ids, controller.signal);
    if (controller.signal.aborted) return;
    dispatch('settle');
    // Checked again: a file that failed meanwhile is asked about, not dropped.
    await press();
  }, [asking, dispatch, press]);

  const stopWaiting = useCallback(() => {
    waiting.current?.abort();
    dispatch('settle');
  }, [dispatch]);

  const submitWithout = useCallback(async () => {
    setAsking(null);
    await submit(true);
  }, [submit]);

  return {
    press,
    asking,
    waitingFor,
    wait,
    sendWhenUp,
    stopWaiting,
    submitWithout,
    cancel: () => setAsking(null),
  };
}
