// Registration-form downloads in the scheme selector (docs/product.md#screens-and-routes, #errors),
// including offline, where
// the service worker still has the public list but the download itself cannot start.
import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import { conditionalPutHeaders } from '../web/lib/uploads/upload-url.ts';
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
  const pdf = makePdf('Medihelp provider registration');
  const ticket = await api.post('/api/upload/presigned-url', {
    data: { fileType: 'application/pdf', fileSize: pdf.byteLength },
  });
  expect(ticket.status()).toBe(200);
  const { uploadUrl, storagePath } = (await ticket.json()) as {
    uploadUrl: string;
    storagePath: string;
  };
  const headers = { 'Content-Type': 'application/pdf', ...conditionalPutHeaders(uploadUrl) };
  expect((await api.put(uploadUrl, { data: pdf, headers })).ok()).toBe(true);
  const created = await api.post('/api/admin/medical-aid-documents', {
    data: {
      schemeKey: 'medihelp',
      schemeName: 'Medihelp',
      fileName: 'medihelp-registration.pdf',
      fileSize: pdf.byteLength,
      fileType: 'application/pdf',
      storagePath,
      description: null,
      year: null,
    },
  });
  expect(created.status()).toBe(201);
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
