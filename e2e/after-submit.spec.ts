// After Submit: the practitioner is mailed the tracking link, is told when a document is

// rejected (with a link to it), replaces it from /track (online, and once while offline), staff
// find it under 'Needs review' and approve it, and a status change is mailed. Also: 'Lost your
// tracking link?' answers the same for any address and mails only a known one.
import { type Browser, expect, type Page, test } from '@playwright/test';
import type { TrackingResponse } from '../schema/api.ts';
import { appReady } from './app-ready.ts';
import { pdfBytes, signIn, submitApplication } from './dashboard-fixtures.ts';
import { mailsTo, trackingLinksIn, waitForMail } from './mail-box.ts';

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
  await setStatus(staff, 'under_review', 'Under Review');
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
