// The receipt's "confirm that this is your e-mail address" link (decision 100): it opens the
// tracking page, which takes the code out of the address bar, asks whether this is the
// reader's application (security review L5), confirms on "Yes" and says so; "No" confirms
// nothing; a wrong code is refused with a message.
import { expect, test } from '@playwright/test';
import { appReady } from './app-ready.ts';
import { expectNoSeriousAxeViolations } from './axe-check.ts';
import { submitApplication } from './dashboard-fixtures.ts';
import { trackingLinksIn, waitForMail } from './mail-box.ts';

const CONFIRMED =
  'Thank you: your e-mail address is confirmed. Your applications made with it are kept together.';

test('the receipt link confirms the e-mail address on the tracking page', async ({
  page,
  request,
  baseURL,
}) => {
  const app = await submitApplication(request, baseURL!, 'Mokoena');
  const receipt = await waitForMail(app.email, 'we have received your application');
  const confirmLink = trackingLinksIn(receipt).find((link) => link.includes('#confirm='));
  expect(confirmLink).toContain(`/track?token=${app.trackingToken}#confirm=`);

  await page.goto(confirmLink!);
  await appReady(page);
  // Nothing is confirmed by opening the link: a mail scanner opening it confirms nothing.
  const ask = page.getByRole('region', { name: 'Is this your application?' });
  await expect(ask).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');
  await expectNoSeriousAxeViolations(page, { what: 'the confirmation question' });
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/confirm-address-ask.png`, fullPage: true });
  await ask.getByRole('button', { name: 'Yes, this is my application' }).click();
  await expect(page.getByText(CONFIRMED)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome, Dr. Mokoena' })).toBeVisible();
  // The code is gone from the address: a reload or a copied link does not carry it.
  expect(new URL(page.url()).hash).toBe('');
  await page.reload();
  await appReady(page);
  await expect(page.getByRole('heading', { name: 'Welcome, Dr. Mokoena' })).toBeVisible();
  await expect(page.getByText(CONFIRMED)).toHaveCount(0);

  // A made-up code is refused with a message a person can act on.
  await page.goto(`/track?token=${app.trackingToken}#confirm=not-the-code`);
  await appReady(page);
  await page.getByRole('button', { name: 'Yes, this is my application' }).click();
  await expect(page.getByRole('alert')).toContainText('This confirmation link is not valid.');

  // "No" confirms nothing and says where to write.
  const other = await submitApplication(request, baseURL!, 'Dube');
  const otherReceipt = await waitForMail(other.email, 'we have received your application');
  await page.goto(trackingLinksIn(otherReceipt).find((link) => link.includes('#confirm='))!);
  await appReady(page);
  await page.getByRole('button', { name: 'No, I did not apply' }).click();
  await expect(page.getByText('Nothing was confirmed.')).toBeVisible();
});
