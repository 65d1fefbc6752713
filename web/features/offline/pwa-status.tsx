// App-wide PWA status: the offline banner and the 'Update available — Reload' prompt. The
// service worker is registered here through workbox-window in prompt mode: a new version
// waits until the practitioner presses Reload (their draft is on the device either way), so
// nothing reloads by itself in the middle of the wizard.
import { useEffect, useRef, useState } from 'react';
import { useOnline } from '../../lib/use-online.ts';
import { Button } from '../../ui/button.tsx';

type Workbox = import('workbox-window').Workbox;

let reloadRequested = false;

export default function PwaStatus() {
  const online = useOnline();
  const [waiting, setWaiting] = useState<Workbox | null>(null);
  const banner = useBannerHeight(!online);

  useEffect(() => {
    if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
    let cancelled = false;
    void import('workbox-window').then(({ Workbox }) => {
      if (cancelled) return;
      const wb = new Workbox('/sw.js', { scope: '/' });
      wb.addEventListener('waiting', () => setWaiting(wb));
      wb.addEventListener('controlling', (event) => {
        // Only after the practitioner pressed Reload here: never a reload they did not ask for.
        if (event.isUpdate && reloadRequested) window.location.reload();
      });
      void wb.register();
    });
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <>
      {!online && (
        <div
          ref={banner}
          role="status"
          className="fixed inset-x-0 top-0 z-50 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950 shadow dark:bg-amber-900 dark:text-amber-50"
        >
          You are offline. Everything you enter is kept on this device, and uploads continue when
          you are back online with this app open.
        </div>
      )}
      {waiting && (
        <div
          role="status"
          className="fixed inset-x-4 top-14 z-50 mx-auto flex max-w-md items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <span>Update available —</span>
          <Button
            variant="primary"
            onPress={() => {
              reloadRequested = true;
              waiting.messageSkipWaiting();
            }}
          >
            Reload
          </Button>
        </div>
      )}
    </>
  );
}

/**
 * The offline banner's height as --offline-banner-height on <html>, so the page and the
 * sticky header move down below it (styles.css) instead of lying under it: the header's menu
 * and links stay where a finger can reach them while offline.
 */
function useBannerHeight(shown: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = document.documentElement.style;
    const element = ref.current;
    if (!shown || !element) return;
    const publish = () => root.setProperty('--offline-banner-height', `${element.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty('--offline-banner-height');
    };
  }, [shown]);
  return ref;
}
