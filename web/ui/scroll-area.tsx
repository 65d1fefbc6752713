// A scrollable region (terms text, scheme lists). Native scrolling for touch and keyboard;
// the thin scrollbar shows while the pointer is over it or it scrolls, and hides 600 ms
// after (docs/product.md#limits scroll-hide delay). Focusable and named, so keyboard users can
// scroll it.
import { type ReactNode, type Ref, useEffect, useRef } from 'react';

export const SCROLL_HIDE_DELAY_MS = 600;

export function ScrollArea({
  label,
  className = '',
  children,
  ref,
}: {
  label: string;
  className?: string;
  children: ReactNode;
  ref?: Ref<HTMLElement>;
}) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const own = useRef<HTMLElement | null>(null);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = () => {
    clearTimeout(timer.current);
    own.current?.setAttribute('data-scrolling', '');
  };
  const hideLater = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => own.current?.removeAttribute('data-scrolling'),
      SCROLL_HIDE_DELAY_MS,
    );
  };

  return (
    <section
      ref={(node) => {
        own.current = node;
        if (typeof ref === 'function') ref(node);
        else if (ref) ref.current = node;
      }}
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled with the keyboard
      tabIndex={0}
      onScroll={() => {
        show();
        hideLater();
      }}
      onPointerEnter={show}
      onPointerLeave={hideLater}
      onFocus={show}
      onBlur={hideLater}
      className={`scroll-area overflow-y-auto overscroll-contain rounded-md outline-none focus-visible:ring-2 focus-visible:ring-teal-600 ${className}`}
    >
      {children}
    </section>
  );
}
