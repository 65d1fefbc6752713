// Before the app has taken over a server-rendered page, a tapped link or a submitted form is
// the browser's: it navigates by the href or submits natively. The app must then not start, as
// creating the router writes the history (replaceState), and in Chromium a history write
// cancels the navigation on its way: the tap did nothing (issue 36).

let leaving = false;

/** A click on a link the browser follows in this tab (not a new tab, a download, a hash). */
function followsLink(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return false;
  if (link.target && link.target !== '_self') return false;
  const to = new URL(link.href, location.href);
  return !(to.pathname === location.pathname && to.search === location.search && to.hash !== '');
}

const onClick = (event: MouseEvent) => {
  if (followsLink(event)) leaving = true;
};
const onSubmit = (event: SubmitEvent) => {
  if (!event.defaultPrevented) leaving = true;
};

/**
 * Watches for the browser's own navigations until `stop`: listened to on window, so a handler
 * of the app that takes the event over (preventDefault) has run by then.
 */
export function watchEarlyNavigation(): { leaving: () => boolean; stop: () => void } {
  window.addEventListener('click', onClick);
  window.addEventListener('submit', onSubmit);
  return {
    leaving: () => leaving,
    stop: () => {
      window.removeEventListener('click', onClick);
      window.removeEventListener('submit', onSubmit);
      // From here React answers the header's menu toggle, not the page's start script.
      document.documentElement.setAttribute('data-app-started', '');
    },
  };
}
