// A replacement queued on /track with no connection is sent from the app shell (issue 23,
// decision 094): the tracking page is closed offline, the app is opened later on / with the
// connection back, and the replacement arrives exactly once without a tap.
import { expect, test } from '@playwright/test';
import type { TrackingResponse } from '../schema/tracking-api.ts';
import { appReady } from './app-ready.ts';
import { originHeaders, pdfBytes, submitApplication } from './dashboard-fixtures.ts';
import { SESSION_COOKIE, staffSession } from './staff-session.ts';

const REASON = 'The certification stamp is older than three months.';

test('a replacement queued offline on /track is sent once the app is opened on / online', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const app = await submitApplication(request, baseURL!, 'Zulu');
  const tracking = async () =>
    (await (await request.get(`/api/submissions/${app.trackingToken}`)).json()) as TrackingResponse;
  const idCopy = (await tracking()).documents.find((d) => d.fileName === 'certified_id-scan.pdf')!;
  const { value } = await staffSession(request);
  const rejected = await request.patch(`/api/admin/documents/${idCopy.id}`, {
    headers: { ...originHeaders(baseURL!), Cookie: `${SESSION_COOKIE}=${value}` },
    data: { status: 'rejected', reason: REASON },
  });
  expect(rejected.status(), await rejected.text()).toBe(200);

  await page.goto(`/track?token=${app.trackingToken}`);
  await appReady(page);
  const row = page.locator(`#document-${idCopy.id}`);
  await expect(row.getByText(REASON)).toBeVisible();

  // No connection: the new file is kept on the device and waits.
  await context.setOffline(true);
  await row.getByRole('button', { name: 'Replace document certified_id-scan.pdf' }).click();
  await row.locator('input[type="file"]:not([capture])').setInputFiles({
    name: 'certified-id-new.pdf',
    mimeType: 'application/pdf',
    buffer: pdfBytes('certified-id-new.pdf'),
  });
  await expect(
    row.getByText('will be sent when you are back online', { exact: false }),
  ).toBeVisible();

  // The tracking page is closed, still offline; nothing reached the server.
  const later = await context.newPage();
  await page.close();
  const replacementsOf = async () =>
    (await tracking()).documents.filter((d) => d.replacesDocumentId === idCopy.id);
  expect(await replacementsOf()).toHaveLength(0);

  // Later, online, the app is opened on / and nothing is tapped.
  const posts: number[] = [];
  later.on('response', (r) => {
    if (r.request().method() === 'POST' && r.url().endsWith('/replacement')) posts.push(r.status());
  });
  await context.setOffline(false);
  await later.goto('/');
  await expect.poll(async () => (await replacementsOf()).length, { timeout: 30_000 }).toBe(1);
  const [replacement] = await replacementsOf();
  expect(replacement?.fileName).toBe('certified-id-new.pdf');
  // Exactly once: no second request went, and nothing more arrives while the app stays open.
  await later.waitForTimeout(3_000);
  expect(await replacementsOf()).toHaveLength(1);
  expect(posts.filter((s) => s < 300)).toHaveLength(1);
  expect((await tracking()).documentsToReplace).toBe(0);
});
