// Server-rendered pages (the pre-rendered public pages, a tracking link's page) are on screen
// before the app has taken them over; a tap before that does nothing, as on any such page.
// Tests that act on a page right after opening it wait for the takeover first.
import type { Page } from '@playwright/test';

/** Resolves once React has taken over #root (hydrateRoot or createRoot has run). */
export async function appReady(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
}
