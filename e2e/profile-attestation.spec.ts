// Re-attestation (issue 38) from outside: a practitioner whose scheme-form details were last
// confirmed 130 days ago (the database's clock moved back, as the months would) sees the
// question on the forms page, confirms with a code from the mail, and the desk's list of
// lapsed confirmations, where the application stood, no longer holds it.
import { createClient } from '@libsql/client';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { appReady } from './app-ready.ts';
import { originHeaders, submitApplication } from './dashboard-fixtures.ts';
import { mailsTo, trackingLinksIn, waitForMail } from './mail-box.ts';
import { SESSION_COOKIE, staffSession } from './staff-session.ts';
import { inBothThemes, shot } from './themed-shots.ts';

/** The newest six-digit code mailed to the address after `before`. */
async function codeAfter(email: string, before: Set<string>) {
  const fresh = () => mailsTo(email).find((m) => !before.has(m.file) && /Your code:/.test(m.body));
  await expect.poll(() => Boolean(fresh())).toBe(true);
  return /Your code:\s*(\d{6})/.exec(fresh()!.body)![1]!;
}

async function savedProfile(request: APIRequestContext, baseURL: string) {
  const headers = originHeaders(baseURL);
  const sent = await submitApplication(request, baseURL, 'Pillay', {
    selectedParents: ['pps'],
    selectedSchemes: ['profmed'],
  });
  const receipt = await waitForMail(sent.email, 'we have received your application');
  const link = trackingLinksIn(receipt).find((l) => l.includes('#confirm='))!;
  const confirmed = await request.post(
    `/api/submissions/${sent.trackingToken}/address-confirmation`,
    { headers, data: { code: decodeURIComponent(link.split('#confirm=')[1]!) } },
  );
  expect(confirmed.status()).toBe(200);
  const before = new Set(mailsTo(sent.email).map((m) => m.file));
  await request.post(`/api/submissions/${sent.trackingToken}/proof-code`, { headers });
  const saved = await request.post(`/api/submissions/${sent.trackingToken}/profile`, {
    headers: { ...headers, 'Proof-Code': await codeAfter(sent.email, before) },
    data: {
      practiceName: 'Berea Dental Studio',
      physicalAddress: {
        line1: '9 Musgrave Road',
        city: 'Durban',
        postalCode: '4001',
        province: 'KwaZulu-Natal',
      },
      dateOfBirth: '1979-09-09',
      gender: 'male',
      qualifications: 'BDS (Wits) 2003',
      councilRegistration: 'DP 0123456',
      bank: {
        bank: 'absa',
        branchCode: '632005',
        accountNumber: '4071234567',
        accountType: 'cheque',
        accountHolder: 'Berea Dental Studio',
      },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return sent;
}

test('a lapsed confirmation of the scheme-form details is asked on the phone, confirmed with a code, and leaves the desk list', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  const sent = await savedProfile(request, baseURL!);
  // 130 days pass for this application's profile.
  const db = createClient({ url: `file:${process.env.E2E_DATA_DIR}/portal.db` });
  const past = Date.now() - 130 * 24 * 60 * 60 * 1000;
  await db.execute({
    sql: 'update practitioner_profiles set attested_at = ?, updated_at = ? where submission_id = (select id from submissions where tracking_token = ?)',
    args: [past, past, sent.trackingToken],
  });
  db.close();

  // The desk sees it among the lapsed confirmations.
  const session = await staffSession(request);
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await desk.addCookies([{ name: SESSION_COOKIE, value: session.value, url: session.origin }]);
  const staff = await desk.newPage();
  await staff.goto(`${session.origin}/dashboard/queue`);
  await staff.getByText(/Details not confirmed in 120 days/).click();
  const name = `${sent.firstName} ${sent.lastName}`;
  await expect(staff.getByRole('link', { name })).toHaveCount(2); // the list and the queue
  await inBothThemes(staff, 'desk-lapsed-attestations', 'the lapsed confirmations');

  // The practitioner, on the phone, confirms with a code from the mail.
  await page.goto(`/track/forms?token=${sent.trackingToken}`);
  await appReady(page);
  const card = page.getByRole('region', { name: 'Are your details still right?' });
  await expect(card).toBeVisible();
  await inBothThemes(page, 'attestation-ask', 'the confirmation question');
  await card.getByRole('button', { name: 'Yes, they are still right' }).click();
  const before = new Set(mailsTo(sent.email).map((m) => m.file));
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await page.getByLabel('Code from the e-mail').fill(await codeAfter(sent.email, before));
  await card.getByRole('button', { name: 'Yes, they are still right' }).click();
  await expect(page.getByText('Your details are confirmed.')).toBeVisible();
  await shot(page, 'attestation-done-light');

  await staff.reload();
  await expect(staff.getByRole('link', { name })).toHaveCount(1); // the queue only
  await desk.close();
});
