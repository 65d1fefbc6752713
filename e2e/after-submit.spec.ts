// After Submit: the practitioner is mailed the tracking link, is told when a document is

// rejected (with a link to it), replaces it from /track (online, and once while offline), staff
// find it under 'Needs review' and approve it, and a status change is mailed. Also: 'Lost your
// tracking link?' answers the same for any address and mails only a known one. And a rejected
// document replaced by scanning its pages on /track.
import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import type { TrackingResponse } from '../schema/tracking-api.ts';
import { appReady } from './app-ready.ts';
import { expectNoSeriousAxeViolations } from './axe-check.ts';
import { pdfBytes, signIn, submitApplication } from './dashboard-fixtures.ts';
import { mailsTo, trackingLinksIn, waitForMail } from './mail-box.ts';
import { choosePracticeType, makeJpeg, section, showPage } from './wizard-helpers.ts';

const ID_REASON = 'The certification stamp is not legible. Please upload a clearer copy.';
const BANK_REASON = 'The bank statement is older than three months.';
const SAME_ANSWER =
  'If we have applications for this e-mail address, we have sent their tracking links to it.';

async function staffPage(browser: Browser, baseURL: string): Promise<Page> {
  // Its own context: the practitioner's goes offline. The same phone as the project's.
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await signIn(page, baseURL);
  return page;
}

async function openSubmission(staff: Page, email: string, name: string) {
  // Two windows: the one in front runs its animations (the dialogs' entry) to the end.
  await staff.bringToFront();
  await staff.goto(`/dashboard/submissions?q=${encodeURIComponent(email)}`);
  await staff.getByRole('link', { name, exact: true }).click();
  await expect(staff.getByRole('heading', { name, level: 1 })).toBeVisible();
}

async function reject(staff: Page, fileName: string, reason: string) {
  const row = staff
    .getByRole('region', { name: /Documents/ })
    .getByRole('listitem', { name: fileName });
  await row.getByRole('button', { name: /^Reject/ }).click();
  const dialog = staff.getByRole('dialog', { name: 'Reject document' });
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Reject document' }).click();
  await expect(row.getByText(`Reason: ${reason}`)).toBeVisible();
}

async function setStatus(staff: Page, status: string, label: string) {
  await staff.getByLabel('Status', { exact: true }).selectOption(status);
  await staff.getByRole('button', { name: 'Update status' }).click();
  await expect(staff.getByText(`The submission is now ${label}.`)).toBeVisible();
}

/** Whether the staff list, searched for this address and filtered to 'Needs review', shows it. */
async function listedAsNeedingReview(staff: Page, email: string, name: string) {
  await staff.bringToFront();
  await staff.goto(`/dashboard/submissions?q=${encodeURIComponent(email)}`);
  // Until the filtered page arrives the unfiltered one stays on screen: wait for it.
  const filtered = staff.waitForResponse(
    (r) => r.url().includes('/api/admin/submissions') && r.url().includes('review=needed'),
  );
  await staff.getByLabel('Status', { exact: true }).selectOption('Needs review');
  await expect(staff).toHaveURL(/review=needed/);
  await filtered;
  const link = staff.getByRole('link', { name, exact: true });
  const empty = staff.getByText('No submissions match this search');
  await expect(link.or(empty)).toBeVisible();
  return link.isVisible();
}

async function replace(page: Page, documentId: string, oldName: string, newName: string) {
  const row = page.locator(`#document-${documentId}`);
  await row.getByRole('button', { name: `Replace document ${oldName}` }).click();
  await expect(row.getByRole('button', { name: 'Take a photo' })).toBeVisible();
  await row.locator('input[type="file"]:not([capture])').setInputFiles({
    name: newName,
    mimeType: 'application/pdf',
    buffer: pdfBytes(newName),
  });
  return row;
}

test('after submit: mails, a rejected document replaced from /track (also offline), review and approval', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const app = await submitApplication(request, baseURL!, 'Dlamini');
  const name = `${app.firstName} ${app.lastName}`;

  // The receipt, with the tracking link that opens the tracking page.
  const received = await waitForMail(app.email, 'we have received your application');
  const [receivedLink] = trackingLinksIn(received);
  expect(receivedLink).toContain(`/track?token=${app.trackingToken}`);
  await page.goto(receivedLink!);
  await appReady(page);
  await expect(page.getByRole('heading', { name: 'Welcome, Dr. Dlamini' })).toBeVisible();
  await expect(page.getByText(/Action needed/)).toHaveCount(0);

  // Staff reject two documents with reasons and start the review.
  const staff = await staffPage(browser, baseURL!);
  await openSubmission(staff, app.email, name);
  await reject(staff, 'certified_id-scan.pdf', ID_REASON);
  await reject(staff, 'bank_proof-scan.pdf', BANK_REASON);
  // The first review change (rejecting a document) moved the application to Under Review
  // (decision 088): no separate status change is needed.
  await expect(staff.getByLabel('Status', { exact: true })).toHaveValue('under_review');
  expect(await listedAsNeedingReview(staff, app.email, name)).toBe(false);

  const view = (await (
    await request.get(`/api/submissions/${app.trackingToken}`)
  ).json()) as TrackingResponse;
  const idCopy = view.documents.find((d) => d.fileName === 'certified_id-scan.pdf')!;
  const bank = view.documents.find((d) => d.fileName === 'bank_proof-scan.pdf')!;

  // The mail names the document and the reason; its link opens /track at that document.
  const notice = await waitForMail(
    app.email,
    'Document to replace: Certified ID Copy (certified_id-scan.pdf)',
    `Reason: ${ID_REASON}`,
  );
  const documentLink = trackingLinksIn(notice).find((l) => l.endsWith(`#document-${idCopy.id}`));
  expect(documentLink).toBeTruthy();
  // A mail link opens a fresh page (not a hash change of the page already open).
  const tracking = await page.context().newPage();
  await tracking.goto(documentLink!);
  await appReady(tracking);
  const idRow = tracking.locator(`#document-${idCopy.id}`);
  await expect(idRow.getByText(ID_REASON)).toBeVisible();
  await expect(idRow).toBeInViewport();
  await expect(tracking.getByText('Action needed: 2 documents to replace')).toBeVisible();

  // Online: the new file is uploaded, the replacement sent, the section waits for review.
  await replace(tracking, idCopy.id, 'certified_id-scan.pdf', 'certified-id-clear.pdf');
  await expect(idRow.getByText('Replaced', { exact: true })).toBeVisible({ timeout: 30_000 });
  const newId = tracking.getByRole('listitem').filter({ hasText: 'certified-id-clear.pdf' });
  await expect(newId.getByText('Replacement', { exact: true })).toBeVisible();
  await expect(newId.getByText('Waiting for review.')).toBeVisible();
  await expect(tracking.getByText('Action needed: 1 document to replace')).toBeVisible();

  // Offline: the file waits on the device; nothing reaches the server until the connection
  // returns, then it is sent once.
  await tracking.context().setOffline(true);
  const bankRow = await replace(tracking, bank.id, 'bank_proof-scan.pdf', 'bank-statement-new.pdf');
  await expect(
    bankRow.getByText('will be sent when you are back online', { exact: false }),
  ).toBeVisible();
  await tracking.waitForTimeout(1_000);
  const meanwhile = (await (
    await request.get(`/api/submissions/${app.trackingToken}`)
  ).json()) as TrackingResponse;
  expect(meanwhile.documents.find((d) => d.id === bank.id)?.supersededBy).toBeNull();
  await tracking.context().setOffline(false);
  await expect(bankRow.getByText('Replaced', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(tracking.getByText(/Action needed/)).toHaveCount(0);
  const after = (await (
    await request.get(`/api/submissions/${app.trackingToken}`)
  ).json()) as TrackingResponse;
  expect(after.documentsToReplace).toBe(0);
  expect(after.documents.filter((d) => d.replacesDocumentId === bank.id)).toHaveLength(1);

  // Staff find it under 'Needs review', see what was replaced, and approve the replacements.
  expect(await listedAsNeedingReview(staff, app.email, name)).toBe(true);
  await staff.getByRole('link', { name, exact: true }).click();
  const documents = staff.getByRole('region', { name: /Documents/ });
  const replacement = documents.getByRole('listitem', { name: 'certified-id-clear.pdf' });
  await expect(replacement.getByText('Replacement', { exact: true })).toBeVisible();
  const replaced = replacement.getByRole('region', {
    name: 'Replaced document certified_id-scan.pdf',
  });
  await expect(replaced.getByText(`Reason: ${ID_REASON}`)).toBeVisible();
  await expect(
    replaced.getByRole('button', { name: 'Download certified_id-scan.pdf' }),
  ).toBeVisible();
  await replacement.getByRole('button', { name: /^Approve/ }).click();
  await expect(replacement.getByRole('button', { name: /^Approve/ })).toBeDisabled();
  const bankReplacement = documents.getByRole('listitem', { name: 'bank-statement-new.pdf' });
  await bankReplacement.getByRole('button', { name: /^Approve/ }).click();
  await expect(bankReplacement.getByRole('button', { name: /^Approve/ })).toBeDisabled();
  await setStatus(staff, 'approved', 'Approved');

  // The status change is mailed.
  await waitForMail(app.email, 'Application status: Approved');

  // The server is shared with the other journeys, which expect no approved submission.
  await staff.getByRole('button', { name: 'Delete submission' }).click();
  await staff.getByRole('button', { name: 'Yes, Delete Permanently' }).click();
  await expect(staff).toHaveURL(/\/dashboard\/submissions$/);
  expect((await request.get(`/api/submissions/${app.trackingToken}`)).status()).toBe(404);
  await staff.context().close();
});

test("'Lost your tracking link?' answers the same for any address; only a known one gets mail", async ({
  page,
  request,
  baseURL,
}) => {
  const app = await submitApplication(request, baseURL!, 'Mahlangu');
  const unknown = `nobody.${Date.now()}@example.co.za`;
  await page.goto('/track');
  await appReady(page);
  const card = page.getByRole('region', { name: 'Lost your tracking link?' });
  for (const address of [unknown, app.email]) {
    await card.getByLabel('E-mail address').fill(address);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/tracking-links'));
    await card.getByRole('button', { name: 'E-mail me my links' }).click();
    expect((await answered).status()).toBe(200);
    await expect(card.getByRole('status')).toHaveText(SAME_ANSWER);
  }
  const links = await waitForMail(app.email, 'your tracking links');
  expect(trackingLinksIn(links).some((l) => l.includes(app.trackingToken))).toBe(true);
  expect(mailsTo(unknown)).toHaveLength(0);
});

/** The names of the records the practitioner's device keeps (their values are sealed). */
function deviceRecords(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('practitioner-device');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const keys = open.result.transaction('records').objectStore('records').getAllKeys();
          keys.onsuccess = () => resolve(keys.result.map(String));
          keys.onerror = () => reject(keys.error);
        };
      }),
  );
}

test('a rejected document replaced by scanning its pages on /track: kept through a reload, staff download one PDF', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const app = await submitApplication(request, baseURL!, 'Mokoena');
  const staff = await staffPage(browser, baseURL!);
  await openSubmission(staff, app.email, `${app.firstName} ${app.lastName}`);
  await reject(staff, 'bank_proof-scan.pdf', BANK_REASON);
  const view = (await (
    await request.get(`/api/submissions/${app.trackingToken}`)
  ).json()) as TrackingResponse;
  const bank = view.documents.find((d) => d.fileName === 'bank_proof-scan.pdf')!;

  // The scan's code is fetched when Scan pages is opened, not with the page.
  const scanCode: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/scan-(dialog|worker)-/.test(r.url())) scanCode.push(r.url());
  });
  await page.bringToFront();
  await page.goto(`/track?token=${app.trackingToken}`);
  await appReady(page);
  const row = page.locator(`#document-${bank.id}`);
  const replaceButton = row.getByRole('button', { name: 'Replace document bank_proof-scan.pdf' });
  await replaceButton.click();
  const scanButton = row.getByRole('button', { name: 'Scan pages' });
  await expect(scanButton).toBeVisible();
  const box = (await scanButton.boundingBox())!;
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  await expectNoSeriousAxeViolations(page, { include: `#document-${bank.id}` });
  expect(scanCode).toEqual([]);
  await scanButton.click();
  const dialog = page.getByRole('dialog', { name: 'Scan pages: Proof of Banking Details' });
  const camera = dialog.locator('input[type="file"][capture="environment"]');
  const rows = dialog.getByRole('grid', { name: 'Scanned pages' }).getByRole('row');
  // Page 1 portrait, page 2 landscape: the PDF's page sizes show the order.
  await camera.setInputFiles({
    name: 'page-1.jpg',
    mimeType: 'image/jpeg',
    buffer: await makeJpeg(page, 1200, 1600),
  });
  await expect(rows).toHaveCount(1, { timeout: 20_000 });
  expect(scanCode.some((url) => url.includes('scan-dialog'))).toBe(true);

  // The pages are kept on the device under the document's own scope, through a reload.
  await dialog.getByRole('button', { name: 'Close and keep pages' }).click();
  await expect(dialog).toBeHidden();
  expect(await deviceRecords(page)).toContain(`scan-pages:replacement-${bank.id}`);
  await page.reload();
  await appReady(page);
  await replaceButton.click();
  await row.getByRole('button', { name: 'Continue scan (1 page)' }).click();
  await expect(rows).toHaveCount(1);
  await camera.setInputFiles({
    name: 'page-2.jpg',
    mimeType: 'image/jpeg',
    buffer: await makeJpeg(page, 1600, 1000),
  });
  await expect(rows).toHaveCount(2, { timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Close and keep pages' }).click();
  await page.reload();
  await appReady(page);
  await replaceButton.click();
  await row.getByRole('button', { name: 'Continue scan (2 pages)' }).click();
  await expect(rows).toHaveCount(2);

  // Done: the PDF goes the way of a picked file: uploaded, then sent as the replacement.
  await dialog.getByRole('button', { name: 'Done: make PDF of 2 pages' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(row.getByText('Replaced', { exact: true })).toBeVisible({ timeout: 30_000 });
  const sent = page.getByRole('listitem').filter({ hasText: 'bank_proof-scan-2-pages.pdf' });
  await expect(sent.getByText('Waiting for review.')).toBeVisible();
  // Nothing of the scan, nor the sent file, is left on the device.
  await expect
    .poll(async () => (await deviceRecords(page)).filter((n) => /^(scan-|upload:|file:)/.test(n)))
    .toEqual([]);

  // A wizard section of the same name has a scan of its own: nothing waits there.
  await page.goto('/');
  await choosePracticeType(page, 'Established Practice');
  await showPage(page, 'Documents');
  const card = section(page, 'Proof of Banking Details');
  await card.getByRole('button', { name: 'Upload Proof of Banking Details' }).click();
  await expect(card.getByRole('button', { name: 'Scan pages' })).toBeVisible();

  // Staff download a valid PDF of the two pages, in order.
  await openSubmission(staff, app.email, `${app.firstName} ${app.lastName}`);
  const replacement = staff
    .getByRole('region', { name: /Documents/ })
    .getByRole('listitem', { name: 'bank_proof-scan-2-pages.pdf' });
  await expect(replacement.getByText('Replacement', { exact: true })).toBeVisible();
  const download = staff.waitForEvent('download');
  await replacement.getByRole('button', { name: 'Download bank_proof-scan-2-pages.pdf' }).click();
  const bytes = await readFile((await (await download).path())!);
  await staff.context().close();
  const pdf = await PDFDocument.load(bytes, { throwOnInvalidObject: true });
  expect(pdf.getPageCount()).toBe(2);
  const [first, second] = pdf.getPages().map((p) => p.getSize());
  expect(first!.height).toBeGreaterThan(first!.width);
  expect(second!.width).toBeGreaterThan(second!.height);
});
