// A choice made at once on a first visit counts: the draft kept on the device is read while the
// doctor already taps (slow on a cheap phone, while the service worker installs). The form
// answers once the page is the app's, and the read keeps the choice over the device's copy.
import { expect, test } from '@playwright/test';
import { appReady } from './app-ready.ts';

test('the practice type chosen while the draft is still read is on the next page', async ({
  page,
}) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // The read of the draft waits for the outbox's code (a waiting submission locks the form):
  // held back here, the read lasts as long as the test needs, as on the slowest phone.
  let finishRead = () => {};
  const held = new Promise<void>((resolve) => {
    finishRead = resolve;
  });
  await page.route(
    (url) => /\/submission-outbox-[^/]*\.js$/.test(url.pathname),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.goto('/', { waitUntil: 'load' });
  await appReady(page);
  const established = page.getByRole('radio', { name: /Established Practice/ });
  // A tap while the draft is read is taken (it waited, disabled, for the read before).
  await established.check({ timeout: 5_000 });
  finishRead();
  await expect(established).toBeChecked();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Step 2: Contact Information' })).toBeVisible();
  await page.unroute((url) => /\/submission-outbox-[^/]*\.js$/.test(url.pathname));
});
