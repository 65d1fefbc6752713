// The browser's offline switch for one page, kept across the navigations it makes offline, as a
// phone without signal keeps it.
//
// Why it is sent again: Playwright's offline switch sends the DevTools offline emulation once
// per page, and Chromium 150 (RenderDocument: a new frame host for every navigation) keeps the
// requests cut after a reload or navigation but forgets the emulated navigator.onLine, so the
// new document reads 'online' with no connection, which no phone does (the app's offline
// banner, the upload engine's wait and the tracking page's reload on `online` read it). Sent
// again on the page's own DevTools session, the new document is offline as the old one was.
// Seen with the same Chromium: navigating away, with this switch on, from a page that reloads
// itself on `online` (/track showing a kept view) ended on that page reloaded, not at the new
// address; so such a page is not navigated away from while the switch is on.
import type { Page } from '@playwright/test';

const CONDITIONS = { latency: 0, downloadThroughput: -1, uploadThroughput: -1 };

export async function offlineSwitch(page: Page) {
  await page.context().setOffline(true);
  const session = await page.context().newCDPSession(page);
  const emulate = (offline: boolean) =>
    session.send('Network.emulateNetworkConditions', { offline, ...CONDITIONS });
  await emulate(true);
  return {
    /** Navigates (goto, reload) with no connection; the new document is offline too. */
    async open(navigate: () => Promise<unknown>) {
      await navigate();
      await emulate(true);
    },
    /** The connection returns: the page gets its `online` event. */
    async backOnline() {
      await page.context().setOffline(false);
      await emulate(false);
      await session.detach();
    },
  };
}

/** Reloads `page` offline; call the returned function to bring it back online. */
export async function reloadOffline(page: Page): Promise<() => Promise<void>> {
  const offline = await offlineSwitch(page);
  await offline.open(() => page.reload());
  return offline.backOnline;
}
