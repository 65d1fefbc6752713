// A reload with the browser's offline switch on, as a phone without signal does it.
//
// Why the switch is sent again: Playwright's offline switch sends the DevTools offline
// emulation once per page, and Chromium 150 (RenderDocument: a new frame host for every
// navigation) keeps the requests cut after a reload but forgets the emulated
// navigator.onLine, so the reloaded page reads 'online' with no connection, which no phone
// does (the app's offline banner, and the upload engine's wait for `online`, read it). Sent
// again on the page's own DevTools session, the new document is offline as the old one was.
import type { CDPSession, Page } from '@playwright/test';

const CONDITIONS = { latency: 0, downloadThroughput: -1, uploadThroughput: -1 };

/** Reloads `page` offline; call the returned function to bring it back online. */
export async function reloadOffline(page: Page): Promise<() => Promise<void>> {
  await page.context().setOffline(true);
  await page.reload();
  const session: CDPSession = await page.context().newCDPSession(page);
  await session.send('Network.emulateNetworkConditions', { offline: true, ...CONDITIONS });
  return async () => {
    await session.send('Network.emulateNetworkConditions', { offline: false, ...CONDITIONS });
    await session.detach();
    await page.context().setOffline(false);
  };
}
