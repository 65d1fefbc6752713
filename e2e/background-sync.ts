// Fires the service worker's Background Sync event for a tag, as Chromium does when the
// connection returns (DevTools' ServiceWorker.dispatchSyncEvent): for the journeys in which no
// page of the app is open and only the service worker can send what waits.
import { type BrowserContext, expect, type Page } from '@playwright/test';

export async function dispatchSync(
  context: BrowserContext,
  page: Page,
  baseURL: string,
  tag: string,
) {
  const cdp = await context.newCDPSession(page);
  const origin = new URL(baseURL).origin;
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
    registrations.push(...event.registrations);
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.some((r) => r.scopeURL.startsWith(origin))).toBe(true);
  const registrationId = registrations.find((r) => r.scopeURL.startsWith(origin))!.registrationId;
  await context.setOffline(false);
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin,
    registrationId,
    tag,
    lastChance: false,
  });
}
