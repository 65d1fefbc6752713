// Pictures to look at when asked for (SCREENSHOT_DIR, never into the repository), and the same
// page in both themes, each checked by axe, as the header's toggle switches them.
import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, settledColours } from './axe-check.ts';

export async function shot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

export async function inBothThemes(page: Page, name: string, what: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => {
      localStorage.setItem('theme', value);
      document.documentElement.classList.toggle('dark', value === 'dark');
    }, theme);
    await settledColours(page);
    await shot(page, `${name}-${theme}`);
    await expectNoSeriousAxeViolations(page, { what: `${what}, ${theme}` });
  }
}
