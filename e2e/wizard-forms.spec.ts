// Registration-form downloads in the scheme selector (docs/product.md#screens-and-routes, #errors),
// including offline, where
// the service worker still has the public list but the download itself cannot start.
import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import { registerForm } from './dashboard-fixtures.ts';
import { freshCode } from './staff-totp.ts';
import { choosePracticeType, closeToast, makePdf, showPage, toastSays } from './wizard-helpers.ts';

test('download buttons start a download, and say so when it fails', async ({ page, context }) => {
  // Staff publish a registration form for Medihelp.
  const api = context.request;
  const credentials = { email: E2E_ADMIN.email, password: E2E_ADMIN.password };
  const signIn = await api.post('/api/auth/login', {
    data: { ...credentials, totp: await freshCode() },
  });
  expect(signIn.status()).toBe(200);
  await registerForm(api, {
    schemeKey: 'medihelp',
    schemeName: 'Medihelp',
    fileName: 'medihelp-registration.pdf',
    bytes: makePdf('Medihelp provider registration'),
  });
  await api.post('/api/auth/logout');

  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await choosePracticeType(page, 'New Practice');
  await showPage(page, 'Medical aid schemes');
  const download = page.getByRole('button', { name: 'Download the Medihelp registration form' });
  const popup = page.waitForEvent('popup');
  // The new tab fetches the signed, attachment-only URL (so it downloads rather than shows).
  const fetched = context.waitForEvent(
    'response',
    (r) => r.request().method() === 'GET' && r.url().includes('/api/storage/'),
  );
  await download.click();
  await toastSays(page, 'Download Started', 'Downloading medihelp-registration.pdf');
  const response = await fetched;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-disposition']).toContain('medihelp-registration.pdf');
  await (await popup).close();
  await closeToast(page);

  // Offline: the list comes from the service worker's cache, the download cannot start.
  await page.reload();
  // The worker caches the list as it answers the page; go offline once it has.
  await expect
    .poll(() =>
      page.evaluate(async () => Boolean(await caches.match('/api/medical-aid-documents'))),
    )
    .toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(download).toBeVisible();
  await download.click();
  await toastSays(page, 'Download Failed', 'Could not download the document. Please try again.');
  await context.setOffline(false);
});
