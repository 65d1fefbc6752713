// Server-rendered pages (the pre-rendered public pages, a tracking link's page) are on screen
// before the app has taken them over; a tap before that does nothing, as on any such page.
// Tests that act on a page right after opening it wait for the takeover first.
import type { Page } from '@playwright/test';

/**
 * Resolves once React has taken over #root: the root is React's, and the page's last element
 * is one React has claimed (hydration runs in slices, top to bottom).
 */
export async function appReady(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    if (!root || !Object.keys(root).some((key) => key.startsWith('__reactContainer'))) {
      return false;
    }
    const elements = root.querySelectorAll('*');
    const last = elements[elements.length - 1];
    return !last || Object.keys(last).some((key) => key.startsWith('__reactFiber'));
  });
}
