// The sign-in toast is on screen before the full-page redirect to the dashboard replaces the
// login page. Nothing is stubbed: the page records (in sessionStorage, which outlives the
// redirect) the toast text it showed, visible, inside the notifications region.
import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import { enterCode } from './staff-totp.ts';

test('after signing in, the toast is seen before the redirect to the dashboard', async ({
  page,
}) => {
  await page.addInitScript(() => {
    if (location.pathname !== '/dashboard/login') return;
    const record = () => {
      const region = [...document.querySelectorAll('[role="region"]')].find((r) =>
        r.getAttribute('aria-label')?.includes('Notifications'),
      );
      if (region instanceof HTMLElement && region.checkVisibility()) {
        const text = region.textContent ?? '';
        if (text.includes('Welcome back!')) sessionStorage.setItem('seen-toast', text);
      }
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true });
  });
  await page.goto('/dashboard/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await enterCode(page);

  await expect(page).toHaveURL(/\/dashboard\?t=\d+$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  const seen = await page.evaluate(() => sessionStorage.getItem('seen-toast'));
  expect(seen).toContain('Welcome back!');
  expect(seen).toContain(`Logged in as ${E2E_ADMIN.email}`);
});
