import { test } from '@playwright/test';

test('shots', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  for (const theme of ['light', 'dark']) {
    await page.goto('/track');
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    for (const path of ['/track', '/track/lookup', '/legal']) {
      await page.goto(path);
      await page.waitForTimeout(300);
      await page.screenshot({
        path: `/tmp/shots/${theme}${path.replaceAll('/', '_')}.png`,
        fullPage: true,
      });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/legal');
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/shots/desk_legal.png`, fullPage: true });
});
