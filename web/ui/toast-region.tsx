// The toast region itself, loaded on the first toast (see toast.tsx). Built on React Aria's
// accessible toast region: one visible at a time, F8 focuses it, swipe right dismisses.
import { useEffect, useId, useRef } from 'react';
import {
  Button,
  type QueuedToast,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components/Toast';
import { connectToastRegion, type ToastContentData } from './toast.tsx';
import { createToastQueue, showToast } from './toast-queue.ts';

const SWIPE_THRESHOLD_PX = 50;

const toastQueue = createToastQueue();

function SwipeableToast({ toast: queued }: { toast: QueuedToast<ToastContentData> }) {
  const start = useRef<number | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const labelId = useId();
  const destructive = queued.content.variant === 'destructive';
  return (
    <Toast
      ref={ref}
      toast={queued}
      onPointerDown={(e) => {
        start.current = e.clientX;
      }}
      onPointerMove={(e) => {
        if (start.current === null || !ref.current) return;
        const dx = Math.max(0, e.clientX - start.current);
        ref.current.style.transform = `translateX(${dx}px)`;
      }}
      onPointerUp={(e) => {
        if (start.current !== null && e.clientX - start.current > SWIPE_THRESHOLD_PX)
          toastQueue.close(queued.key);
        else if (ref.current) ref.current.style.transform = '';
        start.current = null;
      }}
      onPointerCancel={() => {
        if (ref.current) ref.current.style.transform = '';
        start.current = null;
      }}
      // docs/product.md#limits's label: React Aria names the toast by its title unless
      // aria-labelledby is set.
      aria-labelledby={labelId}
      className={`flex w-full touch-pan-y items-start gap-3 rounded-lg border p-4 shadow-lg outline-none focus-visible:ring-2 focus-visible:ring-teal-600 ${
        destructive
          ? 'border-red-700 bg-red-700 text-white'
          : 'border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100'
      }`}
    >
      <span id={labelId} hidden>
        Notification
      </span>
      <ToastContent className="min-w-0 flex-1">
        <Text slot="title" className="block font-semibold">
          {queued.content.title}
        </Text>
        {queued.content.description && (
          <Text slot="description" className="mt-1 block text-sm opacity-90">
            {queued.content.description}
          </Text>
        )}
      </ToastContent>
      <Button
        slot="close"
        aria-label="Close"
        className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-lg leading-none opacity-80 hover:opacity-100 focus-visible:ring-2 focus-visible:ring-current outline-none"
      >
        ×
      </Button>
    </Toast>
  );
}

export function ToastRegionHost() {
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    connectToastRegion((content) => showToast(toastQueue, content));
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') {
        e.preventDefault();
        region.current?.querySelector<HTMLElement>('[role="alertdialog"], [role="alert"]')?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      connectToastRegion(null);
      window.removeEventListener('keydown', onKey);
    };
  }, []);
  return (
    <ToastRegion
      ref={region}
      queue={toastQueue}
      aria-label="Notifications (F8)"
      className="fixed right-4 bottom-24 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2 outline-none"
    >
      {({ toast: queued }) => <SwipeableToast toast={queued} />}
    </ToastRegion>
  );
}
