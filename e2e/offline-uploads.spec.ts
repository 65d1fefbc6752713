// Offline-first uploads and submission (docs/offline-submit-flow.md), against the production
// build with its service worker.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import {
  countSubmissions,
  establishedWithRequiredUploads,
  phoneOnOwnServer,
} from './application-helpers.ts';
import { expectNoSeriousAxeViolations } from './axe-check.ts';
import { dispatchSync } from './background-sync.ts';
import {
  acceptTerms,
  attach,
  choosePracticeType,
  draftSaved,
  expectUploaded,
  jpegSize,
  makeJpeg,
  makePdf,
  openFooter,
  section,
  showPage,
  toastSays,
} from './wizard-helpers.ts';

test('(3) a photo attached offline waits, then goes up by itself when online', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await choosePracticeType(page, 'New Practice');
  // Compression needs its worker library from our own origin: fetch it once while online
  // (the service worker precaches it on install).
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await context.setOffline(true);
  await expect(page.getByText('You are offline.')).toBeVisible();
  await attach(page, 'Certified ID Copy', {
    name: 'id-photo.jpg',
    mimeType: 'image/jpeg',
    buffer: await makeJpeg(page, 1200, 900),
  });
  const card = section(page, 'Certified ID Copy');
  await expect(card.getByText('No Internet connection')).toBeVisible({ timeout: 20_000 });
  await expect(card.locator('img')).toHaveCount(1); // thumbnail of the photo
  await openFooter(page);
  await expect(
    page
      .getByRole('region', { name: 'Application status' })
      .getByText('Certified ID Copy: Uploading...'),
  ).toBeVisible();
  // Still waiting after a reload while offline: the queue lives on the device.
  await page.reload();
  await expect(
    section(page, 'Certified ID Copy').getByText('No Internet connection'),
  ).toBeVisible();
  await context.setOffline(false);
  await expectUploaded(page, 'Certified ID Copy');
});

/** A server of our own on another port, that a test can kill and start again. */
test('(4) the server dies mid-upload and comes back: the upload completes by itself', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { killable, context, page, close } = await phoneOnOwnServer(browser);
  const start = () => killable.start();
  try {
    await page.goto('/');
    await choosePracticeType(page, 'New Practice');
    // A slow link keeps the PUT on the wire long enough to pull the plug in the middle.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: 1_000_000,
      uploadThroughput: 200_000,
    });
    await attach(page, 'Proof of Address', {
      name: 'address.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([makePdf('Address'), Buffer.alloc(2_000_000, 32)]),
    });
    const card = section(page, 'Proof of Address');
    await expect(card.getByText(/Uploading… [1-8]\d%/)).toBeVisible({ timeout: 20_000 });
    await killable.kill();
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect(
      card.getByText(/Connection problem, trying again…|No Internet connection/),
    ).toBeVisible({ timeout: 20_000 });
    await expect(card.getByText('Uploaded', { exact: true })).toHaveCount(0);
    await start();
    await expectUploaded(page, 'Proof of Address');
    await expect(card.getByText('Uploaded', { exact: true })).toBeVisible();
  } finally {
    await close();
  }
});

test('(7) the server is down when Submit is pressed on a working connection: the application goes by itself once it is back', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { killable, page, close } = await phoneOnOwnServer(browser);
  try {
    const email = `server.down.${Date.now()}@example.co.za`;
    await establishedWithRequiredUploads(page, email);
    await acceptTerms(page);
    // The device stays online; only the server is gone, so no `online` event will come.
    await killable.kill();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(
      page.getByText('We will send your application when you are back online'),
    ).toBeVisible({ timeout: 20_000 });
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    await killable.start();
    // The page tries again by itself (Chromium's Background Sync would wait minutes).
    await page.waitForURL(/\/track\?token=/, { timeout: 40_000 });
    expect(await countSubmissions(killable.dataDir, email)).toBe(1);
  } finally {
    await close();
  }
});

test('(5) submitted offline, sent once when back online, tracking page reached', async ({
  page,
  context,
}) => {
  const email = `offline.${Date.now()}@example.co.za`;
  await establishedWithRequiredUploads(page, email);
  await acceptTerms(page);
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/submissions')) {
      posts.push(r.headers()['idempotency-key'] ?? '');
    }
  });

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(
    page.getByText('We will send your application when you are back online'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submitting...' })).toBeVisible();
  // Still queued after a reload while offline.
  await page.reload();
  await expect(
    page.getByText('We will send your application when you are back online'),
  ).toBeVisible();

  await context.setOffline(false);
  await page.waitForURL(/\/track\?token=/, { timeout: 30_000 });
  expect(await countSubmissions(process.env.E2E_DATA_DIR!, email)).toBe(1);
  // Every attempt the page made carried the same key.
  expect(new Set(posts).size).toBeLessThanOrEqual(1);
});

test('Background Sync sends a queued submission with no page open; the next visit shows it', async ({
  page,
  context,
  baseURL,
}) => {
  const email = `sync.${Date.now()}@example.co.za`;
  await establishedWithRequiredUploads(page, email);
  await acceptTerms(page);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(
    page.getByText('We will send your application when you are back online'),
  ).toBeVisible();

  // The practitioner closes the app; only the service worker is left to send it.
  const blank = await context.newPage();
  await page.close();
  await dispatchSync(context, blank, baseURL!, 'submit-application');
  await expect
    .poll(() => countSubmissions(process.env.E2E_DATA_DIR!, email), { timeout: 20_000 })
    .toBe(1);

  // Opening the app again lands on the tracking page of the application that went through.
  await blank.goto('/');
  await blank.waitForURL(/\/track\?token=/, { timeout: 20_000 });
  expect(await countSubmissions(process.env.E2E_DATA_DIR!, email)).toBe(1);
});

test('a queued submission is read-only; taken back, it is edited and the edited one is sent', async ({
  page,
  context,
}) => {
  const email = `takeback.${Date.now()}@example.co.za`;
  await establishedWithRequiredUploads(page, email);
  await showPage(page, 'Notes and consent');
  await page.getByLabel('Additional Notes').fill('First version');
  await acceptTerms(page);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  const queued = page.getByText('We will send your application when you are back online');
  await expect(queued).toBeVisible();

  // Nothing can change while it waits: what is on screen is what will be sent.
  const expectLocked = async () => {
    await showPage(page, 'Notes and consent');
    await expect(page.getByLabel('Additional Notes')).toBeDisabled();
    await expect(page.getByRole('checkbox', { name: /I have read and accept/ })).toBeDisabled();
    await showPage(page, 'Contact information');
    await expect(page.getByLabel('First Name')).toBeDisabled();
    await showPage(page, 'Practice type');
    await expect(page.getByRole('radio', { name: /New Practice/ })).toBeDisabled();
    // The schemes are listed, not offered.
    await showPage(page, 'Medical aid schemes');
    await expect(page.getByRole('list', { name: 'Selected schemes' })).toHaveText('Medihelp');
    await expect(page.getByRole('checkbox', { name: 'Bestmed', exact: true })).toHaveCount(0);
    await showPage(page, 'Documents');
    await expect(page.getByRole('button', { name: 'Remove id.pdf' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Start over' })).toBeDisabled();
    await expect(page.getByText('Draft saved on this device.')).toHaveCount(0);
    await expect(page.getByText(/Your application is waiting to be sent/)).toBeVisible();
  };
  await expectLocked();
  await expectNoSeriousAxeViolations(page);
  // A real tap on a button inside the read-only form does nothing either.
  const remove = page.getByRole('button', { name: 'Remove id.pdf' });
  const box = (await remove.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(section(page, 'Certified ID Copy').getByText('id.pdf')).toBeVisible();
  // Still waiting, and still locked, after a reload.
  await page.reload();
  await expect(queued).toBeVisible();
  await expectLocked();

  await page.getByRole('button', { name: 'Edit application' }).click();
  await toastSays(page, 'Application not sent');
  await expect(queued).toHaveCount(0);
  await showPage(page, 'Notes and consent');
  await expect(page.getByLabel('Additional Notes')).toBeEnabled();
  await page.getByLabel('Additional Notes').fill('Second version');
  await draftSaved(page);
  // Taken back means taken out of the outbox: a reload finds nothing waiting.
  await page.reload();
  await expect(page.getByLabel('Additional Notes')).toHaveValue('Second version');
  await expect(page.getByLabel('Additional Notes')).toBeEnabled();
  await expect(queued).toHaveCount(0);

  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(queued).toBeVisible();
  await context.setOffline(false);
  await page.waitForURL(/\/track\?token=/, { timeout: 30_000 });
  const token = new URL(page.url()).searchParams.get('token')!;
  const view = (await (await page.request.get(`/api/submissions/${token}`)).json()) as {
    submission: { additionalNotes: string };
  };
  expect(view.submission.additionalNotes).toBe('Second version');
  expect(await countSubmissions(process.env.E2E_DATA_DIR!, email)).toBe(1);
});

test('the connection drops while a lost upload is sent again: the submission waits, then goes', async ({
  page,
  context,
}) => {
  const email = `resend.${Date.now()}@example.co.za`;
  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/api/storage/')) puts.push(r.url());
  });
  await establishedWithRequiredUploads(page, email);
  await acceptTerms(page);
  expect(puts).toHaveLength(3);
  // The server's cleanup removed one upload (as it does after 24 hours).
  const key = new URL(puts[0]!).pathname.replace('/api/storage/', '');
  rmSync(join(process.env.E2E_DATA_DIR!, 'store', 'objects', key));

  // The connection goes at the moment the lost file is sent again.
  await context.route(
    '**/api/storage/**',
    async (route) => {
      if (route.request().method() !== 'PUT') return route.fallback();
      await context.setOffline(true);
      await route.abort('internetdisconnected');
    },
    { times: 1 },
  );
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(
    page.getByText('We will send your application when you are back online'),
  ).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Edit application' })).toBeVisible();

  await context.setOffline(false);
  await page.waitForURL(/\/track\?token=/, { timeout: 30_000 });
  expect(await countSubmissions(process.env.E2E_DATA_DIR!, email)).toBe(1);
  const token = new URL(page.url()).searchParams.get('token')!;
  const view = (await (await page.request.get(`/api/submissions/${token}`)).json()) as {
    documents: unknown[];
  };
  expect(view.documents).toHaveLength(3);
});

test('(6) a 12-megapixel photo is stored compressed at 2048 px or less', async ({ page }) => {
  await page.goto('/');
  await choosePracticeType(page, 'New Practice');
  const photo = await makeJpeg(page, 4000, 3000);
  expect(jpegSize(photo)).toEqual({ width: 4000, height: 3000 });
  const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/api/storage/'));
  await attach(page, 'Certified ID Copy', {
    name: 'id-photo.jpg',
    mimeType: 'image/jpeg',
    buffer: photo,
  });
  const sent = (await put).postDataBuffer()!;
  const size = jpegSize(sent);
  expect(Math.max(size.width, size.height)).toBeLessThanOrEqual(2048);
  expect(size).toEqual({ width: 2048, height: 1536 });
  expect(sent.byteLength).toBeLessThan(photo.byteLength);
  await expectUploaded(page, 'Certified ID Copy');
});
