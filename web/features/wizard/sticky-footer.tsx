// The sticky footer bar (docs/product.md#screens-and-routes): the sections still blocking, how many
// remain, and the
// Submit Application button. The button is aria-disabled rather than disabled until the
// uploads and the consent are complete (docs/product.md#validation): it stays focusable and
// pressing it shows
// the guard toast that says what is missing, which a disabled button could not do.
// A submission waiting for the connection is shown here with the way to take it back.
import { Link } from '@tanstack/react-router';
import { type RefObject, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { SectionProgress } from '../../../schema/rules.ts';
import { hasBackgroundSync } from '../../lib/uploads/background-sync.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { buttonClass } from '../../ui/button-class.ts';
import { blockerText } from '../uploads/section-state.ts';
import type { SubmitState } from './submit-state.ts';

/**
 * Only true statements: with Background Sync (Chromium) the service worker sends it even with
 * the app closed; elsewhere (Safari, Firefox) only an open page can.
 */
export function queuedText(backgroundSync: boolean, waitingForFiles = false): string {
  // Files go up only from an open page, on every platform.
  if (waitingForFiles)
    return 'We will send your application as soon as its files are uploaded, while this app is open. If you close it, open it again and it carries on by itself.';
  return backgroundSync
    ? 'We will send your application when you are back online'
    : 'We will send your application when you are back online while this app is open. If you close it, open it again to send it.';
}

const WIDE = '(min-width: 640px)';
const subscribeWide = (change: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', change);
  return () => query.removeEventListener('change', change);
};

/**
 * Keeps focused controls clear of this bar and the sticky header (WCAG 2.2 SC 2.4.11): the
 * page's scroll padding follows the bar's height, which changes with what it says (the
 * header's is in styles.css); and since a browser does not scroll a control that is already
 * partly in view, a focused control the bars cover is scrolled clear here.
 */
function useKeepFocusClear(bar: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.scrollPaddingBottom = `${element.offsetHeight + 8}px`;
    });
    observer.observe(element);
    const onFocus = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLElement) || element.contains(target)) return;
      const header = document.querySelector('header');
      if (header?.contains(target)) return;
      const box = target.getBoundingClientRect();
      const top = (header?.getBoundingClientRect().bottom ?? 0) + 8;
      const bottom = element.getBoundingClientRect().top - 8;
      if (box.top < top || box.bottom - box.top > bottom - top) window.scrollBy(0, box.top - top);
      else if (box.bottom > bottom) window.scrollBy(0, box.bottom - bottom);
    };
    document.addEventListener('focusin', onFocus);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocus);
      root.style.scrollPaddingBottom = '';
    };
  }, [bar]);
}

export function StickyFooter({
  blockers,
  started,
  ready,
  alsoMissing,
  state,
  alreadySubmitted,
  waitingFor,
  waitingForFiles = false,
  onSubmit,
  onTakeBack,
  onStopWaiting,
}: {
  blockers: readonly SectionProgress[];
  /** Whether a practice type is chosen (before that there are no sections to count). */
  started: boolean;
  ready: boolean;
  /** 'Also missing: last name, consent' when fields or the consent are (decision 097). */
  alsoMissing?: string | null;
  state: SubmitState;
  /** The tracking token when the server says this application was accepted before. */
  alreadySubmitted: string | null;
  /** How many files Submit waits for (state awaiting-uploads). */
  waitingFor: number;
  /** Queued, but waiting for its files rather than the connection (application-outbox.ts). */
  waitingForFiles?: boolean;
  onSubmit: () => void;
  onTakeBack: () => void;
  onStopWaiting: () => void;
}) {
  const busy = state !== 'idle';
  const bar = useRef<HTMLElement>(null);
  useKeepFocusClear(bar);
  // On a phone the bar is one line (what remains, Submit) that opens on tap for the details.
  const wide = useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
  const [open, setOpen] = useState(false);
  const details = blockers.length > 0 || Boolean(alsoMissing);
  const status = !started
    ? 'Choose your practice type to begin'
    : blockers.length === 0
      ? 'All required sections complete'
      : `${blockers.length} section(s) remaining`;
  return (
    <section
      ref={bar}
      aria-label="Application status"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgba(0,0,0,0.08)] backdrop-blur dark:border-slate-700 dark:bg-slate-950/95"
    >
      <div className="mx-auto max-w-3xl">
        <div aria-live="polite">
          {alreadySubmitted && (
            <div className="mb-2">
              <Alert tone="warning" title="This application was already submitted">
                <p>
                  An earlier attempt reached us, so your changes were not sent. Follow your
                  application on its tracking page.
                </p>
                <Link
                  to="/track"
                  search={{ token: alreadySubmitted }}
                  className="inline-flex min-h-11 items-center font-medium underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
                >
                  Open the tracking page
                </Link>
              </Alert>
            </div>
          )}
          {state === 'awaiting-uploads' && (
            <div className="mb-2">
              <Alert tone="info">
                <p>
                  Waiting for {waitingFor === 1 ? '1 file' : `${waitingFor} files`} to finish
                  uploading. Your application is sent as soon as they are.
                </p>
                <Button variant="secondary" onPress={onStopWaiting}>
                  Stop waiting
                </Button>
              </Alert>
            </div>
          )}
          {(state === 'queued' || state === 'withdrawing') && (
            <div className="mb-2">
              <Alert tone="info">
                <p>{queuedText(hasBackgroundSync(), waitingForFiles)}</p>
                <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
                  <p className="min-w-0 flex-1 text-xs">
                    It cannot be changed while it waits. To change something, take it back first.
                  </p>
                  <Button
                    variant="secondary"
                    isDisabled={state === 'withdrawing'}
                    onPress={onTakeBack}
                  >
                    {state === 'withdrawing' ? 'Taking it back…' : 'Edit application'}
                  </Button>
                </div>
              </Alert>
            </div>
          )}
        </div>
        <div className="flex items-end justify-between gap-3">
          <div className="min-w-0 flex-1" aria-live="polite">
            {!wide && details ? (
              <button
                type="button"
                aria-expanded={open}
                onClick={() => setOpen((o) => !o)}
                className="flex min-h-11 w-full items-center gap-1 rounded-md text-left text-sm font-semibold outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
              >
                {status}
                <span aria-hidden="true">{open ? '▾' : '▴'}</span>
              </button>
            ) : (
              <p className="text-sm font-semibold">{status}</p>
            )}
            {(wide || open) && (
              <>
                {alsoMissing && <p className="text-sm font-semibold">{alsoMissing}</p>}
                {blockers.length > 0 && (
                  <ul className="mt-1 max-h-16 overflow-y-auto text-xs text-slate-700 dark:text-slate-300">
                    {blockers.map((b) => (
                      <li key={b.key}>
                        {b.label}: <span className="font-medium">{blockerText(b)}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </>
            )}
          </div>
          <button
            type="button"
            aria-disabled={!ready || busy}
            onClick={() => {
              if (!busy) onSubmit();
            }}
            className={buttonClass('primary', `shrink-0 ${!ready || busy ? 'opacity-60' : ''}`)}
          >
            {state === 'awaiting-uploads' || (state === 'queued' && waitingForFiles)
              ? 'Waiting for uploads…'
              : busy
                ? 'Submitting...'
                : 'Submit Application'}
          </button>
        </div>
      </div>
    </section>
  );
}
