import { expect, test } from '@playwright/test';
import { appReady } from './app-ready.ts';
import { expectNoSeriousAxeViolations } from './axe-check.ts';
import { reviewSome, seedEstablished } from './track-seed.ts';

for (const theme of ['light', 'dark'] as const) {
  test.describe(`accessibility in the ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    });

    test('public pages have no serious or critical axe violations', async ({ page }) => {
      for (const path of [
        '/',
        '/track',
        '/track?token=unknown-token',
        '/track/lookup',
        '/legal',
        '/missing-page',
      ]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('contentinfo')).toBeVisible();
        if (path.includes('unknown')) await expect(page.getByRole('alert')).toBeVisible();
        await expect(page.locator('html')).toHaveClass(
          theme === 'dark' ? /dark/ : /^(?!.*dark).*$/,
        );
        await expectNoSeriousAxeViolations(page, { what: `${path} (${theme})` });
      }
    });

    test('the open mobile menu, validation errors and a terms search pass axe', async ({
      page,
    }) => {
      await page.goto('/track');
      await appReady(page);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('button', { name: 'Track' }).click();
      await expect(page.getByText('Please enter a tracking token')).toBeVisible();
      await expectNoSeriousAxeViolations(page, { what: `menu and token error (${theme})` });

      await page.goto('/track/lookup');
      await appReady(page);
      await page.getByRole('button', { name: 'Check Status' }).click();
      await expect(page.getByText('Please enter your identifier')).toBeVisible();
      await expectNoSeriousAxeViolations(page, { what: `lookup error (${theme})` });

      await page.goto('/legal');
      await appReady(page);
      await page.getByRole('searchbox', { name: 'Search within terms' }).fill('POPIA');
      await expect(page.locator('mark').first()).toBeVisible();
      await expectNoSeriousAxeViolations(page, { what: `terms search (${theme})` });
    });

    test('a tracking result and a lookup result pass axe', async ({ page, request }) => {
      const seeded = await seedEstablished(request);
      await reviewSome(request, seeded);
      await page.goto(`/track?token=${seeded.token}`);
      await appReady(page);
      await expect(page.getByRole('heading', { level: 1, name: /Welcome, Dr\./ })).toBeVisible();
      await expectNoSeriousAxeViolations(page, { what: `tracking result (${theme})` });
      const timelineTab = page.getByRole('tab', { name: 'Timeline' });
      await expect(async () => {
        await timelineTab.click();
        await expect(timelineTab).toHaveAttribute('aria-selected', 'true', { timeout: 1000 });
      }).toPass();
      await expectNoSeriousAxeViolations(page, { what: `tracking timeline (${theme})` });

      await page.goto('/track/lookup');
      await appReady(page);
      await page
        .getByRole('textbox', { name: 'Practice number (PCNS)' })
        .fill(seeded.practiceNumber);
      await page.getByRole('button', { name: 'Check Status' }).click();
      await expect(page.getByRole('region', { name: 'Application Status' })).toBeVisible();
      await expectNoSeriousAxeViolations(page, { what: `lookup result (${theme})` });
    });
  });
}
