// "This was not me" (issue 35), from the mail to the desk: the practitioner's bank details are
// changed with the tracking link and a code; the mail that tells them carries a link that
// opens the scheme-forms page on their phone, where one press stops signing. The desk sees the
// application at the head of its queue with the reason, reads the change as a diff on the
// review page, and resumes signing after calling the practitioner.
import { type APIRequestContext, expect, test } from '@playwright/test';
import { appReady } from './app-ready.ts';
import { originHeaders, submitApplication } from './dashboard-fixtures.ts';
import { type Mail, mailsTo, trackingLinksIn, waitForMail } from './mail-box.ts';
import { SESSION_COOKIE, staffSession } from './staff-session.ts';
import { inBothThemes, shot } from './themed-shots.ts';

/** A mail's text with its quoted-printable soft breaks and escapes undone. */
const textOf = (mail: Mail) => mail.body.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

const profile = (accountNumber: string) => ({
  practiceName: 'Umhlanga Physiotherapy',
  physicalAddress: {
    line1: '4 Lagoon Drive',
    city: 'Umhlanga',
    postalCode: '4319',
    province: 'KwaZulu-Natal',
  },
  dateOfBirth: '1985-06-01',
  gender: 'female',
  qualifications: 'BSc Physiotherapy (UKZN) 2007',
  councilRegistration: 'PT 0123456',
  bank: {
    bank: 'fnb',
    branchCode: '250655',
    accountNumber,
    accountType: 'cheque',
    accountHolder: 'Umhlanga Physiotherapy',
  },
});

/** Saves the profile with the tracking link and a code read from the confirmed address's mail. */
async function saveWithCode(
  request: APIRequestContext,
  headers: Record<string, string>,
  token: string,
  email: string,
  body: unknown,
) {
  const before = new Set(mailsTo(email).map((m) => m.file));
  const asked = await request.post(`/api/submissions/${token}/proof-code`, { headers });
  expect(asked.status(), await asked.text()).toBe(201);
  const fresh = () => mailsTo(email).find((m) => !before.has(m.file) && /Your code:/.test(m.body));
  await expect.poll(() => Boolean(fresh())).toBe(true);
  const code = /Your code:\s*(\d{6})/.exec(fresh()!.body)![1]!;
  const saved = await request.post(`/api/submissions/${token}/profile`, {
    headers: { ...headers, 'Proof-Code': code },
    data: body,
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

test('"This was not me" from the mail stops signing on the phone, and the desk resumes it after a call', async ({
  browser,
  request,
  baseURL,
}) => {
  const headers = originHeaders(baseURL!);
  const sent = await submitApplication(request, baseURL!, 'Naidoo', {
    selectedParents: ['pps'],
    selectedSchemes: ['profmed'],
  });
  const receipt = await waitForMail(sent.email, 'we have received your application');
  const confirmLink = trackingLinksIn(receipt).find((link) => link.includes('#confirm='))!;
  const confirmCode = decodeURIComponent(confirmLink.split('#confirm=')[1]!);
  const confirmed = await request.post(
    `/api/submissions/${sent.trackingToken}/address-confirmation`,
    { headers, data: { code: confirmCode } },
  );
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await saveWithCode(request, headers, sent.trackingToken, sent.email, profile('62000000123'));
  await saveWithCode(request, headers, sent.trackingToken, sent.email, profile('62999999456'));

  // The change mail: the account masked, and the link that stops signing.
  const changed = mailsTo(sent.email).filter((m) => textOf(m).includes('now ending in 456'));
  expect(changed).toHaveLength(1);
  const text = textOf(changed[0]!);
  expect(text).toContain('Account number: now ending in 456 (was ending in 123)');
  expect(text).not.toContain('62999999456');
  const stopLink = /https?:\/\/\S+\/track\/forms\?token=\S+#not-me=[A-Za-z0-9_-]+/.exec(text)![0];

  // On the phone: the page asks first (a mail scanner opening the link stops nothing).
  const phone = await browser.newContext({
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await phone.newPage();
  await page.goto(stopLink);
  await appReady(page);
  const panel = page.getByRole('region', { name: 'Was this not you?' });
  await expect(panel).toBeVisible();
  expect(page.url()).not.toContain('not-me');
  await inBothThemes(page, 'not-me-ask', 'the "This was not me" panel');
  await panel.getByLabel('What happened?').fill('I did not change my bank account');
  await panel.getByRole('button', { name: 'Stop signing' }).click();
  await expect(page.getByText('Signing is stopped for your application. Nobody can')).toBeVisible();
  await inBothThemes(page, 'not-me-done', 'signing stopped');
  // Later visits say so, and the bank details cannot be changed again meanwhile.
  await page.reload();
  await appReady(page);
  await expect(page.getByText('Signing is stopped for your application')).toBeVisible();
  const refused = await request.post(`/api/submissions/${sent.trackingToken}/profile`, {
    headers,
    data: profile('62000000789'),
  });
  expect(refused.status()).toBe(423);
  await phone.close();

  // The desk: the application heads the queue with the reason; the review page shows the diff.
  const session = await staffSession(request);
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await desk.addCookies([{ name: SESSION_COOKIE, value: session.value, url: session.origin }]);
  const staff = await desk.newPage();
  await staff.goto(`${session.origin}/dashboard/queue`);
  const stops = staff.getByRole('region', { name: /Signing stopped by the practitioner/ });
  await expect(stops).toContainText(`${sent.firstName} ${sent.lastName}`);
  await expect(stops).toContainText('Not the practitioner: a change of the details');
  await expect(stops).toContainText('I did not change my bank account');
  await inBothThemes(staff, 'desk-queue-stops', 'the queue with a stop');
  await stops.getByRole('link', { name: `${sent.firstName} ${sent.lastName}` }).click();
  const card = staff.getByRole('region', { name: 'Details for the scheme forms', exact: true });
  await expect(card).toContainText('Signing stopped by the practitioner');
  await card.getByText('Changes of the practitioner’s details (2)').click();
  const newest = card.getByRole('listitem').filter({ hasText: 'Version 2' });
  await expect(newest.getByRole('row', { name: /Account number/ })).toContainText('62000000123');
  await expect(newest.getByRole('row', { name: /Account number/ })).toContainText('62999999456');
  await inBothThemes(staff, 'desk-review-stop', 'the review page with a stop');
  await staff.setViewportSize({ width: 360, height: 740 });
  await shot(staff, 'desk-review-stop-phone');
  await staff.setViewportSize({ width: 1280, height: 900 });

  await card.getByRole('button', { name: 'Resume signing' }).click();
  await expect(card.getByText('Say how you checked with the practitioner')).toBeVisible();
  await card
    .getByLabel('How did you check with the practitioner?')
    .fill('Called her on the application number: her bookkeeper changed it');
  await card.getByRole('button', { name: 'Resume signing' }).click();
  await expect(staff.getByText('Signing resumed', { exact: true })).toBeVisible();
  await expect(card.getByText('Signing stopped by the practitioner')).toHaveCount(0);
  await staff.goto(`${session.origin}/dashboard/queue`);
  await expect(staff.getByRole('heading', { name: 'Work queue' })).toBeVisible();
  // Its enrolments stay in the queue as any other; the list of stops is gone.
  await expect(stops).toHaveCount(0);
  await desk.close();
});
