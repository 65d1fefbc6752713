// Moving between the wizard's pages (decision 097): each move is a history entry (`?step=`),
// so the browser's Back and a reload work. After a move the new page is shown from its top
// with the focus on it, or on the element a link of the error summary named.
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';
import type { WizardPageKey } from './wizard-pages.ts';

/** Focuses the element with this id once it is on screen (a page renders after the move). */
export function focusWhenShown(id: string, tries = 20) {
  const element = document.getElementById(id);
  if (element) {
    element.focus();
    element.scrollIntoView({ block: 'center' });
  } else if (tries > 0) requestAnimationFrame(() => focusWhenShown(id, tries - 1));
}

export function useWizardNavigation(page: WizardPageKey) {
  const navigate = useNavigate();
  const pageRef = useRef<HTMLDivElement>(null);
  const focusTarget = useRef<string | null>(null);
  const shown = useRef(page);

  useEffect(() => {
    if (shown.current === page) return;
    shown.current = page;
    const target = focusTarget.current;
    focusTarget.current = null;
    if (target) return focusWhenShown(target);
    window.scrollTo(0, 0);
    // The focus moves once the new page is painted: focusing makes the browser lay the page out
    // at once, which on a slow phone held the tap's next paint back (issue 28's page-move row).
    let focusing: ReturnType<typeof setTimeout> | undefined;
    const afterPaint = requestAnimationFrame(() => {
      focusing = setTimeout(() => pageRef.current?.focus({ preventScroll: true }));
    });
    return () => {
      cancelAnimationFrame(afterPaint);
      clearTimeout(focusing);
    };
  }, [page]);

  const go = useCallback(
    /** `replace`: correct the address without a history entry (and without moving focus). */
    (to: WizardPageKey, target?: string, replace = false) => {
      const search = to === 'practice-type' ? {} : { step: to };
      if (replace) return void navigate({ to: '/', search, replace });
      if (to === shown.current) {
        if (target) focusWhenShown(target);
        return;
      }
      focusTarget.current = target ?? null;
      void navigate({ to: '/', search });
    },
    [navigate],
  );

  return { go, pageRef };
}
