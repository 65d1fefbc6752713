import { useEffect } from 'react';

const SITE_TITLE = 'Practitioner Onboarding';

/** Names the browser tab and the page a screen reader announces after navigation. */
export function usePageTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_TITLE}` : SITE_TITLE;
  }, [title]);
}
