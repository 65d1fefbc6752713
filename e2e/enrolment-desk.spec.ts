// The enrolment desk (decision 088), desktop: staff assign an enrolment and set its follow-up on
// the review page, find it in 'My work today', then bulk-approve five enrolments of one scheme
// with each practitioner's own provider number from the work queue; each gets its own history
// entry. Then one waits on the practitioner for a document: mailed, seen and answered on /track
// with the replacement uploader, and back in the queue.
import { expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import { appReady } from './app-ready.ts';
import { expectNoSeriousAxeViolations } from './axe-check.ts';
import { pdfBytes, signIn, submitApplication } from './dashboard-fixtures.ts';
import { trackingLinksIn, waitForMail } from './mail-box.ts';

test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

/** Today in South Africa, YYYY-MM-DD (what the queue calls today). */
function southAfricanToday(): string {
  return new Date(Date.now() + 2 * 60 * 60_000).toISOString().slice(0, 10);
}

test('staff assign, set follow-ups and bulk-approve five enrolments of one scheme', async ({
  page,
  request,
  baseURL,
}) => {
  const run = Date.now().toString(36).slice(-4);
  const names = Array.from({ length: 5 }, (_, i) => `Desk${run}${'ABCDE'[i]}`);
  const practitioners = [];
  for (const lastName of names) {
    practitioners.push(await submitApplication(request, baseURL!, lastName));
  }
  await signIn(page, baseURL!);
  await page.goto('/dashboard');
  await appReady(page);
  await page
    .getByRole('region', { name: 'Recent Submissions' })
    .getByRole('link', { name: 'Work queue' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Work queue' })).toBeVisible();
  await expect(page).toHaveTitle('Work queue · Practitioner Onboarding');
  await expectNoSeriousAxeViolations(page);

  // Assign the first one's Discovery enrolment to me, due today, from its review page.
  const first = `Thandi ${names[0]}`;
  await page.getByRole('link', { name: first }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
  const discovery = page.getByRole('listitem', { name: 'Discovery Health Medical Scheme' });
  await discovery.getByLabel('Reason').selectOption('submitted_to_scheme');
  await discovery.getByLabel('Follow up on').fill(southAfricanToday());
  await discovery.getByLabel('Owner').selectOption({ label: E2E_ADMIN.email });
  await discovery.getByLabel('Internal note (staff only)').fill('Couriered on Monday.');
  await discovery.getByRole('button', { name: 'Save Discovery Health Medical Scheme' }).click();
  await expect(discovery.getByText('History (1)')).toBeVisible();
  await discovery.getByText('History (1)').click();
  await expect(discovery.getByText('Reason: — → Submitted to the scheme')).toBeVisible();
  await expect(discovery.getByText(`Owner: — → ${E2E_ADMIN.email}`)).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // It is my work today.
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Work queue' })
    .click();
  await page.getByRole('link', { name: 'My work today' }).click();
  await expect(page).toHaveURL(/view=mine/);
  await expect(page.getByRole('link', { name: 'My work today' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  // Only the enrolment given to me and due: not the same practitioner's Bankmed one.
  const mine = page.getByRole('row').filter({ hasText: first });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('Due today');
  await expect(mine).toContainText('Submitted to the scheme');

  // Everyone, Bankmed only: select the five and approve them with their provider numbers.
  await page.getByRole('link', { name: 'Everyone' }).click();
  await expect(page).not.toHaveURL(/view=mine/);
  await page.getByLabel('Scheme', { exact: true }).selectOption({ label: 'Bankmed' });
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/schemeKey=bankmed/);
  for (const lastName of names) {
    await page.getByRole('checkbox', { name: `Select Thandi ${lastName}, Bankmed` }).check();
  }
  const bulk = page.getByRole('region', { name: 'Change 5 selected' });
  await bulk.getByLabel('Set status').selectOption('approved');
  await bulk.getByLabel('Set reason').selectOption('provider_number_issued');
  await bulk.getByRole('button', { name: 'Apply to 5 enrolments' }).click();
  const confirm = page.getByRole('dialog', { name: 'Change 5 enrolments?' });
  await confirm.getByRole('button', { name: 'Yes, change them' }).click();
  // Without the provider number the rules refuse it, and nothing changes.
  await expect(
    page.getByText("Enter the scheme's provider number", { exact: false }),
  ).toBeVisible();
  // Each practitioner's own provider number (issue 40): schemes issue one per practitioner.
  for (const [i, lastName] of names.entries()) {
    await bulk.getByLabel(`Provider number: Thandi ${lastName}, Bankmed`).fill(`BK-77881${i}`);
  }
  await bulk.getByLabel('Effective date').fill('2026-12-01');
  await bulk.getByRole('button', { name: 'Apply to 5 enrolments' }).click();
  await confirm.getByRole('button', { name: 'Yes, change them' }).click();
  await expect(page.getByText('5 enrolments changed.')).toBeVisible();
  // Approved enrolments leave the open queue.
  await expect(
    page.getByRole('checkbox', { name: `Select Thandi ${names[0]}, Bankmed` }),
  ).toHaveCount(0);

  // The practitioners see the approval; staff see one bulk history entry each.
  for (const p of practitioners) {
    const view = await (await request.get(`/api/submissions/${p.trackingToken}`)).json();
    expect(
      view.medicalAidStatuses.find((m: { schemeKey: string }) => m.schemeKey === 'bankmed').status,
    ).toBe('approved');
  }
  // Its Discovery enrolment is still open: through it to the review page.
  await page.goto('/dashboard/queue');
  await page.getByRole('link', { name: first }).first().click();
  const bankmed = page.getByRole('listitem', { name: 'Bankmed' });
  await bankmed.getByText('History (1)').click();
  await expect(bankmed.getByText('bulk change')).toBeVisible();
  await expect(bankmed.getByText('Provider number: — → BK-778810')).toBeVisible();

  // Where time goes: the Bankmed outcomes are counted; each chart has its table.
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Where time goes' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Where time goes' })).toBeVisible();
  await expect(page).toHaveTitle('Where time goes · Practitioner Onboarding');
  await expect(page.locator('canvas')).toHaveCount(3);
  const perScheme = page.getByRole('table', {
    name: 'Days from submission to outcome, per scheme',
  });
  await expect(perScheme.getByRole('rowheader', { name: 'Bankmed' })).toBeVisible();
  await expect(
    page.getByRole('img', { name: /median and 90th percentile days per scheme/ }),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test('one enrolment waits on the practitioner for a document, answered on /track, back in the queue', async ({
  page,
  request,
  baseURL,
}) => {
  const lastName = `Wait${Date.now().toString(36).slice(-5)}`;
  const practitioner = await submitApplication(request, baseURL!, lastName);
  const first = `Thandi ${lastName}`;
  await signIn(page, baseURL!);
  await page.goto(`/dashboard/submissions?q=${lastName}`);
  await page.getByRole('link', { name: first }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();

  // Discovery waits on the practitioner for a newer bank letter (issue 27).
  const ask = page.getByRole('listitem', { name: 'Discovery Health Medical Scheme' });
  await ask
    .getByRole('button', { name: 'Ask the practitioner about Discovery Health Medical Scheme' })
    .click();
  await ask
    .getByLabel('What do you need from the practitioner?')
    .fill('Please send a bank letter less than 3 months old.');
  const documentChoice = ask.getByLabel('Document to send again');
  const bankOption = await documentChoice
    .locator('option', { hasText: 'Proof of Banking Details' })
    .getAttribute('value');
  await documentChoice.selectOption(bankOption!);
  await ask.getByRole('button', { name: 'Send request' }).click();
  await expect(ask.getByText(/Waiting on the practitioner since/)).toBeVisible();
  await expect(ask.getByText('Reminders sent: 0 of 2 (after 3 and 7 days)')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  const asked = await waitForMail(
    practitioner.email,
    'Discovery Health Medical Scheme needs something from you',
  );
  expect(asked.body).toContain('bank letter less than 3 months old');
  const requestLink = trackingLinksIn(asked).find((l) => l.includes('#request-'));
  expect(requestLink).toBeTruthy();

  // It is the practitioner's move: out of 'Everyone', in 'Waiting on practitioners'.
  const discoveryOf = (p: Page) =>
    p.getByRole('checkbox', { name: `Select ${first}, Discovery Health Medical Scheme` });
  await page.goto('/dashboard/queue');
  await expect(page.getByRole('heading', { level: 1, name: 'Work queue' })).toBeVisible();
  await expect(discoveryOf(page)).toHaveCount(0);
  await page.getByRole('link', { name: 'Waiting on practitioners' }).click();
  await expect(page).toHaveURL(/view=waiting/);
  await expect(discoveryOf(page)).toHaveCount(1);

  // The practitioner follows the mail's link to /track, sees the request and answers it with
  // the asked-for document, through the replacement uploader.
  const tracking = await page.context().newPage();
  await tracking.goto(requestLink!);
  const request_ = tracking.getByRole('listitem', {
    name: 'Request for Discovery Health Medical Scheme',
  });
  await expect(request_).toContainText('Please send a bank letter less than 3 months old.');
  await expect(request_.getByText('Waiting for you')).toBeVisible();
  const view = await (await request.get(`/api/submissions/${practitioner.trackingToken}`)).json();
  const bank = view.documents.find((d: { id: string }) => d.id === bankOption);
  await request_
    .getByRole('link', { name: /Proof of Banking Details under Uploaded Documents/ })
    .click();
  const bankRow = tracking.locator(`#document-${bank.id}`);
  await bankRow.getByRole('button', { name: `Replace document ${bank.fileName}` }).click();
  await bankRow.locator('input[type="file"]:not([capture])').setInputFiles({
    name: 'bank-letter-november.pdf',
    mimeType: 'application/pdf',
    buffer: pdfBytes('bank-letter-november.pdf'),
  });
  await expect(bankRow.getByText('Replaced', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(request_.getByText('Answered', { exact: true })).toBeVisible();
  await tracking.close();

  // Back in the queue, due today, as 'The practitioner answered'.
  await page.goto('/dashboard/queue');
  const answered = page.getByRole('row').filter({ has: discoveryOf(page) });
  await expect(answered).toContainText('The practitioner answered');
  await expect(answered).toContainText('Due today');
  // The reminders after 3 and 7 days are driven by the server's Clock: moved in the API test
  // worker/routes/practitioner-requests.test.ts (a real libSQL and the real mail outbox).
});
