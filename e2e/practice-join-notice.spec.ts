// A practitioner's own part waiting on the phone (decisions 126, 130): Submit pressed with no
// connection keeps it with the files it waits for; on another page the shell's notice says
// "Your part is queued on this device" and opens the invitation page, not the spec's wizard at
// / (followed with no connection, from the device's copy of the invitation, and once the
// connection is back but the files still cannot get up); once they are up, the part goes by
// itself and the practitioner's tracking page opens.
import { expect, type Route, test } from '@playwright/test';
import { appReady } from './app-ready.ts';
import { waitForMail } from './mail-box.ts';
import { offlineSwitch } from './offline-reload.ts';
import { seedPractice } from './practice-seed.ts';
import { inBothThemes } from './themed-shots.ts';
import { makePdf, makePng, section } from './wizard-helpers.ts';

test.use({ viewport: { width: 360, height: 740 } });

const stamp = Date.now() + 7;

test("a waiting part's notice on another page opens its invitation page", async ({
  page,
  request,
}) => {
  await seedPractice(request, 0, stamp, 'Muizenberg Practice');
  const mail = await waitForMail(`sipho.${stamp}@clifton.example.co.za`, 'invitation=');
  const invitation = /invitation=([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
  await page.goto(`/practice/join?invitation=${invitation}`);
  await appReady(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);
  await page.getByLabel('First Name').fill('Sipho');
  await page.getByLabel('Last Name').fill('Dlamini');
  await page.getByLabel('Phone').fill('082 123 4567');
  await page.getByLabel('Specialization').fill('General Practice');
  await page.getByLabel('HPCSA Registration Number').fill('MP0654321');
  await page
    .getByRole('checkbox', { name: 'Discovery Health Medical Scheme', exact: true })
    .uncheck();

  const offline = await offlineSwitch(page);
  const id = section(page, 'Certified ID Copy');
  await id.locator('input[type="file"]:not([capture])').setInputFiles({
    name: 'sipho-id.pdf',
    mimeType: 'application/pdf',
    buffer: makePdf('ID of Sipho'),
  });
  await id.getByLabel('Certified on').fill('2026-11-02');
  await section(page, 'Bestmed Application Pack')
    .locator('input[type="file"]:not([capture])')
    .setInputFiles({ name: 'sipho-bestmed.png', mimeType: 'image/png', buffer: makePng() });
  await page.getByLabel(/I have read and accept/).check();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText('Your part will be sent once your files are uploaded')).toBeVisible();

  await offline.open(() => page.goto('/legal'));
  await appReady(page);
  const notice = page.getByTestId('queued-application');
  await expect(notice.getByText('Your part is queued on this device')).toBeVisible();
  await expect(notice.getByRole('link', { name: 'Open application' })).toHaveCount(0);
  await inBothThemes(page, 'join-queued-notice', 'queued part notice, offline');

  // Still with no connection: the invitation page opens from the device, with the part as typed.
  await notice.getByRole('link', { name: 'Open your part' }).click();
  await expect(
    page.getByRole('heading', { name: "Join Muizenberg Practice's application" }),
  ).toBeVisible();
  await expect(page.getByLabel('First Name')).toHaveValue('Sipho');
  await expect(page.getByText('Your part will be sent once your files are uploaded')).toBeVisible();
  await page.goBack();
  await expect(notice.getByText('Your part is queued on this device')).toBeVisible();

  // Signal again, but too weak for the files: the invitation page opens, the part still waits.
  const holdFiles = (route: Route) =>
    route.request().method() === 'PUT' || route.request().url().includes('/api/objects/')
      ? route.abort('failed')
      : route.continue();
  await page.route('**/*', holdFiles);
  await offline.backOnline();
  await notice.getByRole('link', { name: 'Open your part' }).click();
  await expect(page).toHaveURL(new RegExp(`/practice/join\\?invitation=${invitation}$`));
  await expect(page.getByText('Your part will be sent once your files are uploaded')).toBeVisible();

  await page.unroute('**/*', holdFiles);
  await page.waitForURL(/\/track\?token=[\w-]{20,}/, { timeout: 60_000 });
  await expect(page.getByText('Application sent', { exact: false }).first()).toBeVisible();
});
