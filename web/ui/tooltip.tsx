// A small tooltip (docs/product.md#limits: 700 ms delay, 300 ms skip delay — after one closes, the
// next
// opens at once for 300 ms). Shown on hover and keyboard focus, closed with Escape; the
// text is also the trigger's accessible description. No dependency: a few lines are lighter
// than a positioning library.
import { type ReactElement, useEffect, useId, useRef, useState } from 'react';

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

let lastClosedAt = 0;

export function Tooltip({
  content,
  children,
  placement = 'top',
}: {
  content: string;
  /** The trigger: gets aria-describedby, so it should be focusable (a button or link). */
  children: (describedBy: { 'aria-describedby': string }) => ReactElement;
  placement?: 'top' | 'bottom';
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const openSoon = (immediate: boolean) => {
    clearTimeout(timer.current);
    if (immediate || Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), TOOLTIP_DELAY_MS);
  };
  const close = () => {
    clearTimeout(timer.current);
    setOpen((wasOpen) => {
      if (wasOpen) lastClosedAt = Date.now();
      return false;
    });
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the wrapper only watches hover and focus of its trigger
    <span
      className="relative inline-flex"
      onPointerEnter={(e) => e.pointerType === 'mouse' && openSoon(false)}
      onPointerLeave={close}
      onFocus={(e) => openSoon(e.target.matches(':focus-visible'))}
      onBlur={close}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          close();
        }
      }}
    >
      {children({ 'aria-describedby': id })}
      <span
        id={id}
        role="tooltip"
        // Hidden elements still give their text to aria-describedby.
        hidden={!open}
        className={`pointer-events-none absolute left-1/2 z-40 w-max max-w-64 -translate-x-1/2 rounded-md bg-slate-900 px-2 py-1 text-xs font-medium text-white shadow-md dark:bg-slate-100 dark:text-slate-900 ${
          placement === 'top' ? 'bottom-full mb-2' : 'top-full mt-2'
        }`}
      >
        {content}
      </span>
    </span>
  );
}
