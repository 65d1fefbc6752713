// Uploads on real mobile networks (docs/decisions/063-resumable-uploads.md, 037-upload-queue.md):
// a large PDF cut off in the middle of a part resumes from its acknowledged parts, in place and
// after a reload (on both targets: playwright.workers.config.ts runs the first test too), and a
// network that fails while the phone says it is online does not put files in error.
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { expect, type Route, test } from '@playwright/test';
import { establishedWithRequiredUploads, submitForToken } from './application-helpers.ts';
import { staffDownload } from './staff-downloads.ts';
import {
  attach,
  choosePracticeType,
  draftSaved,
  expectUploaded,
  makePdf,
  section,
} from './wizard-helpers.ts';

let sequence = Date.now() % 1_000_000;

/** Sends the first half of a part's body to its URL, then drops the connection. */
function cutHalfWay(url: string, body: Buffer): Promise<void> {
  return new Promise((resolve) => {
    const req = httpRequest(url, {
      method: 'PUT',
      headers: { 'Content-Length': String(body.byteLength) },
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write(body.subarray(0, body.byteLength / 2), () => setTimeout(() => req.destroy(), 100));
  });
}

test('a 40 MB PDF cut off in the middle of a part resumes in place, and again after a reload, sending under 60 % again; staff download it byte for byte', async ({
  page,
  context,
  playwright,
}) => {
  test.setTimeout(300_000);
  sequence += 1;
  const email = `resume.${sequence}@example.co.za`;
  await establishedWithRequiredUploads(page, email, { leaveEmpty: 'Certified ID Copy' });

  const pdf = makePdf('Certified ID, scanned at 600 dpi');
  const big = Buffer.concat([pdf, randomBytes(40_000_000 - pdf.byteLength)]);
  // What the server receives: the body of every part PUT let through, before and after the
  // second cut. Part 3 and part 6 are each cut half way: the store gets half a part, then the
  // connection drops (on the Workers target the parts listing answered 500 from then on).
  const received = { before: 0, after: 0 };
  const cuts = new Set<number>();
  let phase: 'before' | 'cut' | 'after' = 'before';
  await page.route(/[?&](part|partNumber)=\d+/, async (route: Route) => {
    const url = route.request().url();
    const part = Number(/[?&](?:part|partNumber)=(\d+)/.exec(url)![1]);
    if (phase === 'cut') return route.abort('internetdisconnected');
    if (phase === 'before' && (part === 3 || part === 6) && !cuts.has(part)) {
      cuts.add(part);
      if (part === 6) phase = 'cut';
      await cutHalfWay(url, route.request().postDataBuffer()!);
      return route.abort('internetdisconnected');
    }
    received[phase] += route.request().postDataBuffer()?.byteLength ?? 0;
    await route.continue();
  });
  await attach(page, 'Certified ID Copy', {
    name: 'id-scan.pdf',
    mimeType: 'application/pdf',
    buffer: big,
  });
  const card = section(page, 'Certified ID Copy');
  // In place: part 3 is cut half way and the page carries on from the parts the store holds.
  await expect.poll(() => phase, { timeout: 120_000 }).toBe('cut');
  await context.setOffline(true);
  expect(received.before).toBeGreaterThan(0.6 * big.byteLength);
  await draftSaved(page);

  // After a reload: the page goes away and comes back while the phone is still offline.
  await page.reload();
  await expect(section(page, 'Certified ID Copy').getByText('id-scan.pdf')).toBeVisible();
  await expect(card.getByText('No Internet connection')).toBeVisible();
  phase = 'after';
  await context.setOffline(false);
  await expectUploaded(page, 'Certified ID Copy');
  const resentShare = received.after / big.byteLength;
  console.log(`resumed upload sent ${(resentShare * 100).toFixed(1)} % of the file again`);
  expect(resentShare).toBeGreaterThan(0);
  expect(resentShare).toBeLessThan(0.6);

  const token = await submitForToken(page);

  // Staff download the document: the very bytes that were picked.
  const stored = await staffDownload(playwright, page.request, {
    email,
    token,
    fileName: 'id-scan.pdf',
  });
  expect(stored.fileSize).toBe(big.byteLength);
  expect(Buffer.compare(stored.bytes, big)).toBe(0);
});

test('files are not put in error while the phone says it is online but the network fails, and finish when it comes back', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  sequence += 1;
  // The page's clock, so that the 50 s the file must outlast pass in a few real seconds.
  await page.clock.install();
  await page.goto('/');
  await choosePracticeType(page, 'New Practice');
  // A dead tower: every upload call fails at the network level, navigator.onLine stays true.
  const dead = (route: Route) => route.abort('connectionfailed');
  await page.route('**/api/objects/**', dead);
  await page.route('**/api/storage/**', dead);
  await attach(page, 'Certified ID Copy', {
    name: 'id.pdf',
    mimeType: 'application/pdf',
    buffer: makePdf('ID'),
  });
  const card = section(page, 'Certified ID Copy');
  await expect(card.getByText('No Internet connection')).toBeVisible({ timeout: 20_000 });
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  // Ten counted retries used to be spent in about 40 s; 50 s on the file is still waiting. The
  // clock moves a second at a time, each second's failed calls answered before the next.
  for (let second = 0; second < 50; second++) {
    await page.clock.runFor(1_000);
    await page.waitForTimeout(40);
  }
  await expect(card.getByText('Action Needed')).toHaveCount(0);
  await expect(card.getByText('No Internet connection')).toBeVisible();

  // The network comes back; the phone's connection changes (as when a tower answers again):
  // the file goes up at once, nobody pressing anything.
  await page.unroute('**/api/objects/**', dead);
  await page.unroute('**/api/storage/**', dead);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 10,
    downloadThroughput: 2_000_000,
    uploadThroughput: 1_000_000,
  });
  await expectUploaded(page, 'Certified ID Copy');
});

test("'Retry all' sends every file in error again", async ({ page }) => {
  sequence += 1;
  await page.goto('/');
  await choosePracticeType(page, 'New Practice');
  const refuse = (route: Route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'refused', message: 'Refused for this test.' } }),
    });
  await page.route('**/api/objects/upload', refuse);
  await attach(page, 'Certified ID Copy', {
    name: 'id.pdf',
    mimeType: 'application/pdf',
    buffer: makePdf('ID'),
  });
  await attach(page, 'Proof of Address', {
    name: 'address.pdf',
    mimeType: 'application/pdf',
    buffer: makePdf('Address'),
  });
  await expect(page.getByRole('button', { name: /^Try .+ again$/ })).toHaveCount(2);
  await page.unroute('**/api/objects/upload', refuse);
  await page.getByRole('button', { name: 'Retry all 2 file(s) that need attention' }).click();
  await expectUploaded(page, 'Certified ID Copy');
  await expectUploaded(page, 'Proof of Address');
  await expect(page.getByRole('button', { name: /^Retry all/ })).toHaveCount(0);
});
