// Storage honesty: what the wizard says about how long the device keeps an
// application, and when a waiting submission is really sent.
import { expect, test } from '@playwright/test';
import { establishedWithRequiredUploads } from './application-helpers.ts';
import { acceptTerms, choosePracticeType, showPage } from './wizard-helpers.ts';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

test('Safari on an iPhone, outside the Home Screen, is told of its 7-day limit and how to add the app', async ({
  browser,
}) => {
  const context = await browser.newContext({
    userAgent: IPHONE_SAFARI,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await choosePracticeType(page, 'Established Practice');
    // Said where it matters: where files are kept on the device.
    await showPage(page, 'Documents');
    await expect(page.getByText('Keep your application on this iPhone or iPad')).toBeVisible();
    await expect(
      page.getByText(/deletes what this site keeps on your device after 7 days without a visit/),
    ).toBeVisible();
    await expect(page.getByText(/tap the Share button, then “Add to Home Screen”/)).toBeVisible();
  } finally {
    await context.close();
  }
});

test('an Android phone is not told about Safari', async ({ page }) => {
  await page.goto('/');
  await choosePracticeType(page, 'Established Practice');
  await showPage(page, 'Documents');
  await expect(page.getByText('Keep your application on this iPhone or iPad')).toHaveCount(0);
});

test('without Background Sync the waiting notice says the app must be open to send it', async ({
  page,
  context,
}) => {
  // As in Safari and Firefox: no SyncManager, so only an open page can send the submission.
  await page.addInitScript(() => {
    delete (window as { SyncManager?: unknown }).SyncManager;
  });
  await establishedWithRequiredUploads(page, `no.sync.${Date.now()}@example.co.za`);
  await acceptTerms(page);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(
    page.getByText(
      'We will send your application when you are back online while this app is open. If you close it, open it again to send it.',
    ),
  ).toBeVisible();
  await context.setOffline(false);
  await page.waitForURL(/\/track\?token=/, { timeout: 30_000 });
});
