// Staff dashboard journeys against the built app and the real API.

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import { unpackingForm } from '../worker/testing/active-pdf.ts';
import { appReady } from './app-ready.ts';
import { expectNoSeriousAxeViolations } from './axe-check.ts';
import {
  originHeaders,
  pdfBytes,
  registerForm,
  signIn,
  submitApplication,
  useTheme,
} from './dashboard-fixtures.ts';
import { enterCode } from './staff-totp.ts';
import { choosePracticeType, showPage } from './wizard-helpers.ts';

// Desktop first (the bureau's staff work at desks); a tablet check is below.
test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

/** Asserts the toast's texts, then closes it so the next one (one at a time) can show. */
async function expectToast(page: Page, title: string, description?: string) {
  const region = page.getByRole('region', { name: /Notifications/ });
  const toast = region.getByRole('alertdialog').filter({ hasText: title });
  await expect(toast.getByText(title, { exact: true })).toBeVisible();
  if (description !== undefined)
    await expect(toast.getByText(description, { exact: true })).toBeVisible();
  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toHaveCount(0);
}

test('the guard sends a visitor to the login page, which validates and shows the server error', async ({
  page,
}) => {
  // The session check is held back a moment so the guard's waiting state can be seen.
  await page.route('**/api/auth/me', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto('/dashboard');
  await expect(page.getByText('Loading dashboard...')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/login$/);
  await page.unroute('**/api/auth/me');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Admin Dashboard');

  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();

  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page.getByText('Invalid email address')).toHaveCount(0);

  // The help line points at the support address from /api/config.
  await expect(
    page.getByRole('main').getByRole('link', { name: 'support@example.co.za' }),
  ).toHaveAttribute('href', 'mailto:support@example.co.za');

  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/dashboard\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/If an account exists for that e-mail/)).toBeVisible();
});

test('a reset link without a token says so', async ({ page }) => {
  await page.goto('/dashboard/reset-password');
  await expect(page.getByText('This reset link is incomplete')).toBeVisible();
  await page.goto('/dashboard/reset-password?token=not-a-real-token');
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('short');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Use at least 12 characters')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('a-long-enough-password');
  await page.getByLabel('Confirm new password').fill('a-long-enough-password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert')).toContainText('This reset link is invalid or has expired.');
});

test('a forgotten password is reset through the e-mailed link', async ({ page, baseURL }) => {
  const mailDir = join(process.env.E2E_DATA_DIR!, 'mail');
  const before = new Set(await readdir(mailDir).catch(() => [] as string[]));
  await page.goto('/dashboard/forgot-password');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/If an account exists for that e-mail/)).toBeVisible();

  // The embedded server's mailer writes each message to DATA_DIR/mail as an .eml file.
  let link = '';
  await expect
    .poll(async () => {
      for (const file of await readdir(mailDir).catch(() => [] as string[])) {
        // A mail being written is a dot-file renamed when whole (another journey may be mailing).
        if (before.has(file) || file.startsWith('.')) continue;
        const eml = await readFile(join(mailDir, file), 'utf8');
        if (!eml.includes(`To: ${E2E_ADMIN.email}`)) continue;
        link = eml.match(/https?:\/\/\S+\/dashboard\/reset-password\?token=[\w-]+/)?.[0] ?? '';
      }
      return link;
    })
    .not.toBe('');
  const url = new URL(link);
  // The run's own address on the page's port. A mailed link names the configured origin, never
  // the host a request came to (a forged Host header must not steer a reset link), so a page
  // opened at localhost on a run started at 127.0.0.1 gets 127.0.0.1 (workers-phone-localhost).
  expect(url.port).toBe(new URL(baseURL!).port);
  expect(['127.0.0.1', 'localhost']).toContain(url.hostname);
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByLabel('Confirm new password').fill(`${E2E_ADMIN.password}x`);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The passwords do not match')).toBeVisible();
  // The same password again, so the other journeys of this run can still sign in.
  await page.getByLabel('Confirm new password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();

  // The link works once only.
  await page.goto(url.pathname + url.search);
  await page.getByLabel('New password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByLabel('Confirm new password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert')).toContainText('This reset link is invalid or has expired.');

  await page.getByRole('link', { name: 'Go to login' }).click();
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await enterCode(page);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
});

test.describe('the sign-in redirect', () => {
  // The 204 below must reach the page: a service worker that has taken control by the time the
  // code step is done would answer the navigation itself, past page.route.
  test.use({ serviceWorkers: 'block' });

  test('staff log in: Welcome back!, a full redirect to /dashboard, and login skips ahead afterwards', async ({
    page,
  }) => {
    // The redirect's document is answered with 204 No Content, which leaves the login page
    // (and its toast) on screen; the requested address is checked and then opened for real.
    let redirectedTo = '';
    await page.route(/\/dashboard\?t=\d+$/, async (route) => {
      redirectedTo = route.request().url();
      await route.fulfill({ status: 204 });
    });
    await page.goto('/dashboard/login');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    const clickedAt = Date.now();
    await page.getByRole('button', { name: 'Log in' }).click();
    await enterCode(page);
    const region = page.getByRole('region', { name: /Notifications/ });
    await expect(region.getByText('Welcome back!', { exact: true })).toBeVisible();
    await expect(
      region.getByText(`Logged in as ${E2E_ADMIN.email}`, { exact: true }),
    ).toBeVisible();
    await expect.poll(() => redirectedTo).toMatch(/\/dashboard\?t=\d+$/);
    const stamp = Number(new URL(redirectedTo).searchParams.get('t'));
    expect(stamp).toBeGreaterThanOrEqual(clickedAt);
    await page.unroute(/\/dashboard\?t=\d+$/);
    await page.goto(redirectedTo);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByText(`Welcome back, ${E2E_ADMIN.email}`)).toBeVisible();

    await page.goto('/dashboard/login');
    await expect(page).toHaveURL(/\/dashboard\/?$/);
  });
});

test("staff review a practitioner's fresh submission and delete it", async ({
  page,
  request,
  baseURL,
}) => {
  const practitioner = await submitApplication(request, baseURL!, 'Reviewcase');
  const name = `${practitioner.firstName} ${practitioner.lastName}`;
  await signIn(page, baseURL!);
  await page.goto('/dashboard');

  for (const label of ['Total Submissions', 'Pending Review', 'Approved', 'Practitioners'])
    await expect(page.getByRole('term').filter({ hasText: label })).toBeVisible();
  const recent = page.getByRole('table', { name: 'Recent submissions, newest first' });
  for (const column of ['Practitioner', 'Email', 'Practice Type', 'Status', 'Submitted', 'Actions'])
    await expect(recent.getByRole('columnheader', { name: column })).toBeVisible();
  const row = recent.getByRole('row').filter({ hasText: name });
  await expect(row.getByRole('cell', { name: practitioner.email })).toBeVisible();
  await expect(row.getByText('Established')).toBeVisible();
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();
  // 'Jan 5, 2025' form, in South African time.
  const today = new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'Africa/Johannesburg',
  }).format(new Date());
  await expect(row.getByRole('cell', { name: today })).toBeVisible();
  const view = row.getByRole('link', { name: /^View/ });
  await expect(view).toHaveAttribute('href', `/track?token=${practitioner.trackingToken}`);
  await expect(view).toHaveAttribute('target', '_blank');
  // Review is the row's visible way to the review page; the name still leads there too.
  await expect(row.getByRole('link', { name: `Review ${name}'s submission` })).toHaveAttribute(
    'href',
    /\/dashboard\/submissions\//,
  );
  await expect(page).toHaveTitle('Admin Dashboard · Practitioner Onboarding');

  // Open the submission for review.
  await row.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(`Review: ${name} · Practitioner Onboarding`);
  const documents = page.getByRole('region', { name: /Documents/ });
  const idCopy = documents.getByRole('listitem', { name: 'certified_id-scan.pdf' });
  await expect(idCopy.getByText('Certified ID Copy', { exact: false })).toBeVisible();

  // View and download fetch a fresh signed link.
  const popup = page.waitForEvent('popup');
  await idCopy.getByRole('button', { name: /^View/ }).click();
  await expect.poll(async () => (await popup).url()).toMatch(/^blob:/);
  await (await popup).close();
  const download = page.waitForEvent('download');
  await idCopy.getByRole('button', { name: /^Download/ }).click();
  expect((await download).suggestedFilename()).toBe('certified_id-scan.pdf');
  await expectToast(page, 'Download Started', 'Downloading certified_id-scan.pdf');

  // Reject one document with a reason.
  await idCopy.getByRole('button', { name: /^Reject/ }).click();
  const rejectDialog = page.getByRole('dialog', { name: 'Reject document' });
  await rejectDialog.getByRole('button', { name: 'Reject document' }).click();
  await expect(rejectDialog.getByText('Give a reason when rejecting a document')).toBeVisible();
  const reason = 'The certification stamp is not legible. Please upload a clearer copy.';
  await rejectDialog.getByLabel('Reason').fill(reason);
  await rejectDialog.getByRole('button', { name: 'Reject document' }).click();
  await expectToast(
    page,
    'Document rejected',
    'The practitioner sees the reason on their tracking page.',
  );
  await expect(idCopy.getByText(`Reason: ${reason}`)).toBeVisible();
  await expect(idCopy.getByText('Rejected', { exact: true })).toBeVisible();

  // Approve another document.
  const bankProof = documents.getByRole('listitem', { name: 'bank_proof-scan.pdf' });
  await bankProof.getByRole('button', { name: /^Approve/ }).click();
  await expectToast(page, 'Document approved', 'bank_proof-scan.pdf is marked approved.');
  await expect(bankProof.getByRole('button', { name: /^Approve/ })).toBeDisabled();
  // The first review change (not opening the page) moved the application under review.
  await expect(
    page.locator('main header').filter({ has: page.getByRole('heading', { name, level: 1 }) }),
  ).toContainText('Under Review');

  // Approve a scheme, with a note and the hard-copy flag.
  const bankmed = page.getByRole('listitem', { name: 'Bankmed' });
  await bankmed.getByLabel('Scheme status').selectOption('approved');
  await bankmed.getByLabel('Certified hard copy required').check();
  await bankmed.getByLabel(/Notes/).fill('Registered from 1 March.');
  await bankmed.getByRole('button', { name: 'Save Bankmed' }).click();
  await expectToast(page, 'Scheme updated', 'Bankmed: Approved');

  // Move the submission under review.
  await page.getByLabel('Status', { exact: true }).selectOption('under_review');
  await page.getByLabel('Note for the timeline (optional)').fill('Checking the documents.');
  await page.getByRole('button', { name: 'Update status' }).click();
  await expectToast(page, 'Status updated', 'The submission is now Under Review.');
  await expect(page.getByRole('region', { name: 'Audit trail' }).getByRole('row')).not.toHaveCount(
    1,
  );

  // The practitioner sees all of it with the token.
  const tracked = await request.get(`/api/submissions/${practitioner.trackingToken}`);
  expect(tracked.status()).toBe(200);
  const view2 = await tracked.json();
  expect(view2.submission.status).toBe('under_review');
  expect(view2.documents).toContainEqual(
    expect.objectContaining({
      sectionKey: 'certified_id',
      status: 'rejected',
      rejectionReason: reason,
    }),
  );
  expect(view2.medicalAidStatuses).toContainEqual(
    expect.objectContaining({
      schemeKey: 'bankmed',
      status: 'approved',
      requiresHardCopy: true,
      notes: 'Registered from 1 March.',
    }),
  );
  const tracking = await page.context().newPage();
  await tracking.goto(`/track?token=${practitioner.trackingToken}`);
  await appReady(tracking);
  await expect(tracking.getByText(reason)).toBeVisible();
  await tracking.close();

  // Delete it.
  await page.getByRole('button', { name: 'Delete submission' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete this submission permanently?' });
  await expect(dialog.getByText('This action cannot be undone.')).toBeVisible();
  for (const item of [
    'The submission record',
    'All uploaded documents',
    'POPIA consent records',
    'Medical aid statuses',
    'Status events and audit logs',
    'The practitioner profile, if they have no other submissions',
  ])
    await expect(dialog.getByRole('listitem').filter({ hasText: item })).toBeVisible();
  await dialog.getByRole('button', { name: 'No, Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Delete submission' }).click();
  await page.getByRole('button', { name: 'Yes, Delete Permanently' }).click();
  await expectToast(
    page,
    'Submission deleted',
    'The submission and all related data have been permanently removed.',
  );
  await expect(page).toHaveURL(/\/dashboard\/submissions$/);
  await expect(page.getByText(name)).toHaveCount(0);
  expect((await request.get(`/api/submissions/${practitioner.trackingToken}`)).status()).toBe(404);
});

test('a failed deletion says why', async ({ page, request, baseURL }) => {
  const practitioner = await submitApplication(request, baseURL!, 'Gonealready');
  await signIn(page, baseURL!);
  await page.goto('/dashboard');
  const row = page.getByRole('row').filter({ hasText: 'Gonealready' });
  await expect(row).toBeVisible();

  // Someone else deletes it first (another staff member's session, through the API).
  const list = await page.request.get('/api/admin/submissions?q=Gonealready&limit=5');
  const [item] = await list.json();
  expect(item.submission.trackingToken).toBe(practitioner.trackingToken);
  const gone = await page.request.delete(`/api/admin/submissions/${item.submission.id}`, {
    headers: originHeaders(baseURL!),
  });
  expect(gone.status()).toBe(200);

  await row.getByRole('button', { name: /^Delete/ }).click();
  await page.getByRole('button', { name: 'Yes, Delete Permanently' }).click();
  await expectToast(page, 'Deletion failed', 'There is no submission with this id.');
  await expect(
    page.getByRole('alertdialog', { name: 'Delete this submission permanently?' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'No, Cancel' }).click();
});

test('staff upload and delete a registration form, and practitioners are offered it', async ({
  page,
  request,
  baseURL,
}) => {
  await signIn(page, baseURL!);
  await page.goto('/dashboard');
  const manager = page.getByRole('region', { name: 'Medical Aid Registration Forms' });
  await manager.getByLabel('Filter schemes').fill('medihelp');
  const card = manager.getByRole('listitem', { name: 'Medihelp' });
  await expect(card.getByText('No registration form uploaded yet')).toBeVisible();
  await expect(manager.getByRole('listitem', { name: 'Bankmed' })).toHaveCount(0);

  await card.getByRole('button', { name: 'Upload Form for Medihelp' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Registration Form' });
  const upload = dialog.getByRole('button', { name: 'Upload', exact: true });
  await expect(upload).toBeDisabled();

  // Wrong type: refused in the browser.
  await dialog.getByLabel('PDF File*').setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not relevant'),
  });
  await expectToast(page, 'Invalid file type', 'Only PDF files are allowed');
  await expect(upload).toBeDisabled();

  // A file that calls itself a PDF but is not one: the server refuses it.
  await dialog.getByLabel('PDF File*').setInputFiles({
    name: 'fake.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('this is not a PDF at all'),
  });
  await upload.click();
  await expectToast(page, 'Upload failed', 'Failed to upload document. Please try again.');

  // A PDF that unpacks past the bound (decision 110): the spec's text, and why, beside it, on
  // both targets (the Worker's isolate counts what it unpacks as Node does).
  await dialog.getByLabel('PDF File*').setInputFiles({
    name: 'unpacks-too-far.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(await unpackingForm(40)),
  });
  await upload.click();
  if (process.env.SCREENSHOT_DIR) {
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByText('Upload failed', { exact: true })
      .waitFor();
    await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, 'form-refused.png') });
  }
  await expectToast(
    page,
    'Upload failed',
    'Failed to upload document. Please try again. This PDF unpacks to more than 32 MB, more than a registration form needs. Print it to a new PDF or save it with "Reduce file size", then upload it again.',
  );

  // Past what a Workers isolate can clean and fill (decision 125): that target refuses it at
  // the upload ticket, saying the limit and what to do; Node takes the section's 20 MB.
  if (test.info().project.name.startsWith('workers')) {
    await dialog.getByLabel('PDF File*').setInputFiles({
      name: 'scanned-binder.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([pdfBytes('Scanned binder'), Buffer.alloc(9 * 1048576)]),
    });
    await upload.click();
    if (process.env.SCREENSHOT_DIR) {
      await page
        .getByRole('region', { name: /Notifications/ })
        .getByText(/8 MB limit/)
        .waitFor();
      await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, 'form-too-large.png') });
    }
    await expectToast(
      page,
      'Upload failed',
      'Failed to upload document. Please try again. The file is larger than the 8 MB limit for registration forms on this server (the memory it fills them in is smaller). Save it with "Reduce file size" or print it to a new PDF, then upload it again.',
    );
  }

  // The real form.
  const bytes = Buffer.concat([
    pdfBytes('Medihelp provider registration'),
    Buffer.alloc(1_572_864 - 0),
  ]);
  await dialog.getByLabel('PDF File*').setInputFiles({
    name: 'medihelp-registration-2025.pdf',
    mimeType: 'application/pdf',
    buffer: bytes,
  });
  await expect(dialog.getByText(`(${(bytes.byteLength / 1048576).toFixed(2)} MB)`)).toBeVisible();
  await expect(dialog.getByLabel('Description (optional)')).toHaveAttribute(
    'placeholder',
    '2025 Registration Form',
  );
  await dialog.getByLabel('Description (optional)').fill('2025 Provider Registration Form');
  await dialog.getByLabel('Year (optional)').fill('2025');
  await upload.click();
  await expectToast(
    page,
    'Upload successful',
    'medihelp-registration-2025.pdf has been uploaded for Medihelp',
  );
  await expect(dialog).toHaveCount(0);
  await expect(card.getByText('medihelp-registration-2025.pdf')).toBeVisible();
  await expect(card.getByText('2025 Provider Registration Form')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Update for Medihelp' })).toBeVisible();

  const offered = await (await request.get('/api/medical-aid-documents')).json();
  const form = offered.find(
    (d: { schemeKey: string; fileName: string }) =>
      d.schemeKey === 'medihelp' && d.fileName === 'medihelp-registration-2025.pdf',
  );
  expect(form).toMatchObject({ description: '2025 Provider Registration Form' });
  const admin = await (await page.request.get('/api/admin/medical-aid-documents')).json();
  expect(admin.find((d: { id: string }) => d.id === form.id)).toMatchObject({
    schemeName: 'Medihelp',
    fileSize: bytes.byteLength,
    fileType: 'application/pdf',
    year: 2025,
  });

  // The wizard's scheme selector offers it to practitioners.
  const wizard = await page.context().newPage();
  /** Opens the wizard's scheme selector; returns whether the list it was served has the form. */
  const openWizardSelector = async () => {
    const listed = wizard.waitForResponse((r) => r.url().endsWith('/api/medical-aid-documents'));
    await wizard.goto('/');
    // The selector asks for the list when it appears, after a practice type is chosen.
    await choosePracticeType(wizard, 'New Practice');
    await showPage(wizard, 'Medical aid schemes');
    await wizard.getByPlaceholder('Search schemes or administrators...').fill('Medihelp');
    const served = (await (await listed).json()) as { id: string }[];
    return served.some((d) => d.id === form.id);
  };
  const wizardDownload = wizard.getByRole('button', {
    name: 'Download the Medihelp registration form',
  });
  expect(await openWizardSelector()).toBe(true);
  await expect(wizardDownload).toBeVisible();

  // Delete it.
  await card.getByRole('button', { name: 'Delete medihelp-registration-2025.pdf' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Document' });
  await expect(confirm).toContainText('Practitioners will no longer be able to download');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expectToast(page, 'Document deleted', 'The medical aid document has been removed.');
  await expect(card.getByText('No registration form uploaded yet')).toBeVisible();
  const after = await (await request.get('/api/medical-aid-documents')).json();
  expect(after.some((d: { id: string }) => d.id === form.id)).toBe(false);
  // The service worker answers the public list stale-while-revalidate, so a page may be served
  // the previous list once; the one after that has the new list, without the form.
  await expect.poll(openWizardSelector).toBe(false);
  await expect(wizard.getByText('Selected: 0 scheme(s) from 0 administrator(s)')).toBeVisible();
  await expect(wizardDownload).toHaveCount(0);
  await wizard.close();
});

test('a failed registration form deletion says why', async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  // A form registered through the API, then removed behind the dashboard's back.
  const headers = originHeaders(baseURL!);
  await registerForm(
    page.request,
    {
      schemeKey: 'bestmed',
      schemeName: 'Bestmed',
      fileName: 'bestmed-deletion-form.pdf',
      bytes: pdfBytes('Bestmed form'),
    },
    headers,
  );
  await page.goto('/dashboard');
  const card = page.getByRole('listitem', { name: 'Bestmed' });
  await expect(card.getByText('bestmed-deletion-form.pdf')).toBeVisible();

  const [doc] = (await (await page.request.get('/api/admin/medical-aid-documents')).json()).filter(
    (d: { fileName: string }) => d.fileName === 'bestmed-deletion-form.pdf',
  );
  expect(
    (await page.request.delete(`/api/admin/medical-aid-documents/${doc.id}`, { headers })).ok(),
  ).toBe(true);

  await card.getByRole('button', { name: 'Delete bestmed-deletion-form.pdf' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete Document' })
    .getByRole('button', {
      name: 'Delete',
      exact: true,
    })
    .click();
  const region = page.getByRole('region', { name: /Notifications/ });
  await expect(region.getByText('Deletion failed', { exact: true })).toBeVisible();
});

test('all submissions: search, status filter and paging', async ({ page, request, baseURL }) => {
  const a = await submitApplication(request, baseURL!, 'Searchable');
  await submitApplication(request, baseURL!, 'Otherperson');
  await signIn(page, baseURL!);
  await page.goto('/dashboard/submissions');
  await expect(page.getByRole('heading', { name: 'All submissions', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('searchable');
  await expect(page).toHaveURL(/q=searchable/);
  const table = page.getByRole('table', { name: 'Submissions, newest first' });
  await expect(table.getByRole('row').filter({ hasText: 'Searchable' })).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: 'Otherperson' })).toHaveCount(0);
  await expect(page.getByText(/^1–1 of 1$/)).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search' }).fill(a.trackingToken);
  await expect(table.getByRole('row').filter({ hasText: 'Searchable' })).toHaveCount(1);

  // The short reference, as a clerk types it from a phone call: lower case, no hyphen, and
  // O for 0 / l for 1 where the practitioner read it that way. The row shows it back.
  const spoken = a.reference.toLowerCase().replace('-', '').replace(/0/g, 'o').replace(/1/g, 'l');
  await page.getByRole('searchbox', { name: 'Search' }).fill(spoken);
  await expect(page).toHaveURL(new RegExp(`q=${spoken}`));
  const found = table.getByRole('row').filter({ hasText: 'Searchable' });
  await expect(found).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: 'Otherperson' })).toHaveCount(0);
  await expect(found.getByText(`Ref. ${a.reference}`)).toBeVisible();
  await found.getByRole('link', { name: 'Thandi Searchable', exact: true }).click();
  await expect(page.getByText(`Ref. ${a.reference}`)).toBeVisible();
  await expect(page.locator('dt:text-is("Reference") + dd')).toHaveText(a.reference);
  await page.goto('/dashboard/submissions');
  await expect(page.getByRole('heading', { name: 'All submissions', level: 1 })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await page.getByLabel('Status').selectOption('approved');
  await expect(page).toHaveURL(/status=approved/);
  await expect(page.getByText('No submissions match this search')).toBeVisible();
  await page.getByLabel('Status').selectOption('pending');
  await expect(table.getByRole('row').filter({ hasText: 'Otherperson' })).toHaveCount(1);

  // A reload keeps the filter (it lives in the address).
  await page.reload();
  await expect(page.getByLabel('Status')).toHaveValue('pending');
});

test('the header shows Dashboard and Logout; logging out clears the session, even when the call fails', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!);
  await page.goto('/');
  const header = page.getByRole('banner');
  // The phone-sized menu may be collapsed: open it when its toggle is shown.
  const menu = header.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await header.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();

  if (await menu.isVisible()) await menu.click();
  await header.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/dashboard\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/login$/);

  // Logout when the network drops the call: still back at the login page.
  await signIn(page, baseURL!);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await page.route('**/api/auth/logout', (route) => route.abort('internetdisconnected'));
  if (await menu.isVisible()) await menu.click();
  await header.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/dashboard\/login$/);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the dashboard pages have no serious accessibility problems (${theme})`, async ({
    page,
    request,
    baseURL,
  }) => {
    await useTheme(page, theme);
    await submitApplication(request, baseURL!, `Axe${theme}`);
    await page.goto('/dashboard/login');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.goto('/dashboard/forgot-password');
    await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await signIn(page, baseURL!);
    await page.goto('/dashboard');
    await expect(page.getByRole('row').filter({ hasText: `Axe${theme}` })).toBeVisible();
    await expect(page.getByText('Loading registration forms...')).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: 'Upload Form for Medihelp' }).click();
    await expect(page.getByRole('dialog', { name: 'Upload Registration Form' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.keyboard.press('Escape');

    await page.goto('/dashboard/submissions');
    await expect(page.getByRole('table')).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('link', { name: `Thandi Axe${theme}`, exact: true }).click();
    await expect(page.getByRole('heading', { name: `Thandi Axe${theme}` })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
}

for (const viewport of [
  { name: 'a tablet', width: 768, height: 1024 },
  { name: 'a phone', width: 360, height: 780 },
]) {
  test(`the dashboard is usable on ${viewport.name} without the page scrolling sideways`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signIn(page, baseURL!);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Recent Submissions' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload Form for Medihelp' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test('more than 10 submissions: the dashboard note, and paging through all of them', async ({
  page,
  request,
  baseURL,
}) => {
  await signIn(page, baseURL!);
  const stats = async () =>
    (await (await page.request.get('/api/admin/stats')).json()).totalSubmissions;
  // Enough for two pages of 25 in the all-submissions view.
  for (let made = await stats(); made < 27; made++)
    await submitApplication(request, baseURL!, `Pager${made}`);
  const total = await stats();

  await page.goto('/dashboard');
  const recent = page.getByRole('table', { name: 'Recent submissions, newest first' });
  await expect(recent.getByRole('row')).toHaveCount(11);
  await expect(
    page.getByText(`Showing 10 most recent submissions of ${total} total`, { exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole('term').filter({ hasText: 'Total Submissions' }).locator('+ dd'),
  ).toHaveText(String(total));

  await page.goto('/dashboard/submissions');
  const table = page.getByRole('table', { name: 'Submissions, newest first' });
  await expect(table.getByRole('row')).toHaveCount(26);
  await expect(page.getByText(`1–25 of ${total}`, { exact: true })).toBeVisible();
  const firstPageTop = await table.getByRole('row').nth(1).textContent();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(
    page.getByText(`26–${Math.min(50, total)} of ${total}`, { exact: true }),
  ).toBeVisible();
  await expect(table.getByRole('row').nth(1)).not.toHaveText(firstPageTop!);
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText(`1–25 of ${total}`, { exact: true })).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toHaveText(firstPageTop!);
});
