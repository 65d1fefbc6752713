// Documents that expire (issue 38), from outside: the practitioner gives a bank letter's date in
// the wizard, the server dates it under the 3-month rule, the maintenance run every start makes
// (worker/node.ts) mails the 7-day reminder once, and /track shows "Valid until" with the
// replacement uploader, which takes the new letter with its own date.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { addDays, addMonths, validityDay } from '../schema/document-validity.ts';
import type { TrackingResponse } from '../schema/tracking-api.ts';
import { appReady } from './app-ready.ts';
import {
  establishedWithRequiredUploads,
  killableServer,
  submitForToken,
} from './application-helpers.ts';
import { expectNoSeriousAxeViolations } from './axe-check.ts';
import { originHeaders, submitApplication } from './dashboard-fixtures.ts';
import { SESSION_COOKIE, staffSession } from './staff-session.ts';
import { section } from './wizard-helpers.ts';

/** Axe on the page as it is, in the light theme and then the dark one. */
async function axeInBothThemes(page: Page, what: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => {
      localStorage.setItem('theme', t);
      document.documentElement.classList.toggle('dark', t === 'dark');
    }, theme);
    await expectNoSeriousAxeViolations(page, { what: `${what} (${theme})` });
  }
}

/** With SHOTS_DIR set, the screen at 360 × 740 in both themes and on a desktop, for a look. */
async function shots(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => {
      localStorage.setItem('theme', t);
      document.documentElement.classList.toggle('dark', t === 'dark');
    }, theme);
    await page.screenshot({ path: join(dir, `${name}-phone-${theme}.png`), fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: join(dir, `${name}-desktop-dark.png`) });
  await page.evaluate(() => {
    localStorage.setItem('theme', 'light');
    document.documentElement.classList.remove('dark');
  });
  await page.setViewportSize({ width: 360, height: 740 });
}

test('a bank letter dated in the wizard is reminded once before it runs out and renewed from /track', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const server = killableServer({ env: { NOTIFY_DELAY_SECONDS: '0' } });
  await server.start();
  const context = await browser.newContext({
    baseURL: server.origin,
    viewport: { width: 360, height: 740 },
  });
  const page = await context.newPage();
  try {
    const email = `expiry.${Date.now()}@example.co.za`;
    const today = validityDay(new Date());
    // Good until a week from today: the 7-day reminder is due on the next run.
    const dated = addMonths(addDays(today, 7), -3);
    await establishedWithRequiredUploads(page, email);
    const bank = section(page, 'Proof of Banking Details');
    await bank.getByLabel('Dated').fill(dated);
    await bank.getByLabel('Dated').scrollIntoViewIfNeeded();
    await axeInBothThemes(page, 'the date field');
    await shots(page, 'wizard-dated');
    const token = await submitForToken(page);

    const tracking = async () =>
      (await (await context.request.get(`/api/submissions/${token}`)).json()) as TrackingResponse;
    const letter = (await tracking()).documents.find((d) => d.sectionKey === 'bank_proof')!;
    expect(letter).toMatchObject({ goodUntil: addMonths(dated, 3), renewalAsked: false });

    // A start runs the maintenance: the 7-day reminder is mailed, once however often it runs.
    const reminders = () =>
      readdirSync(join(server.dataDir, 'mail'))
        .filter((file) => file.endsWith('.eml'))
        .map((file) => readFileSync(join(server.dataDir, 'mail', file), 'utf8'))
        .filter((mail) => mail.includes(email) && /Subject: .*needs renewing soon/.test(mail));
    await server.kill();
    await server.start();
    await expect.poll(() => reminders().length, { timeout: 30_000 }).toBe(1);
    await server.kill();
    await server.start();
    await page.waitForTimeout(1000);
    expect(reminders()).toHaveLength(1);

    await page.goto(`/track?token=${token}`);
    await appReady(page);
    // Counted beside the spec's statuses: its own 'Action needed' line at the top.
    await expect(page.getByText('Action needed: 1 document to renew')).toBeVisible();
    await shots(page, 'track-renewal-top');
    const row = page.locator(`#document-${letter.id}`);
    await expect(
      row.getByText('Please send a new one so your registrations stay valid.'),
    ).toBeVisible();
    await row.getByLabel('Dated').scrollIntoViewIfNeeded();
    await axeInBothThemes(page, 'the renewal on /track');
    await shots(page, 'track-renewal');

    await row.getByLabel('Dated').fill(today);
    await row.getByRole('button', { name: /^Replace document/ }).click();
    await row.locator('input[type="file"]:not([capture])').setInputFiles({
      name: 'bank-new.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    });
    await expect
      .poll(
        async () => (await tracking()).documents.find((d) => d.replacesDocumentId === letter.id),
        {
          timeout: 60_000,
        },
      )
      .toMatchObject({ goodUntil: addMonths(today, 3), status: 'uploaded' });
  } finally {
    await context.close();
    await server.close();
  }
});

test('the desk lists a bank letter near its end with its date and rule, and reminds now', async ({
  browser,
  request,
  baseURL,
}) => {
  const app = await submitApplication(request, baseURL!, 'Expiring');
  const tracking = (await (
    await request.get(`/api/submissions/${app.trackingToken}`)
  ).json()) as TrackingResponse;
  const letter = tracking.documents.find((d) => d.sectionKey === 'bank_proof')!;
  const session = await staffSession(request);
  const cookie = `${SESSION_COOKIE}=${session.value}`;
  // Staff correct the letter's date on review: good for ten more days.
  const today = validityDay(new Date());
  const dated = addMonths(addDays(today, 10), -3);
  const corrected = await request.patch(`/api/admin/documents/${letter.id}/validity-date`, {
    headers: { ...originHeaders(baseURL!), Cookie: cookie },
    data: { date: dated },
  });
  expect(corrected.status(), await corrected.text()).toBe(200);

  const desk = await browser.newContext({ viewport: { width: 360, height: 740 } });
  await desk.addCookies([{ name: SESSION_COOKIE, value: session.value, url: session.origin }]);
  const staff = await desk.newPage();
  try {
    await staff.goto(`${session.origin}/dashboard/queue`);
    await staff.getByText(/^Expiring: \d+ in the next 30 days/).click();
    const box = staff.getByRole('checkbox', { name: /Proof of Banking Details of .* Expiring/ });
    await box.first().scrollIntoViewIfNeeded();
    await expect(
      staff.getByText(`; dated ${Number(dated.slice(8))}`, { exact: false }).first(),
    ).toBeVisible();
    await axeInBothThemes(staff, 'the Expiring view');
    await shots(staff, 'desk-expiring');
    await box.first().check();
    await staff.getByRole('button', { name: /^Remind the 1 chosen now/ }).click();
    await expect(staff.getByText('Reminders on their way')).toBeVisible();
    // The insights page says what share of approved practitioners is fully valid today.
    await staff.goto(`${session.origin}/dashboard/insights`);
    await expect(
      staff.getByText(/approved practitioners|No approved practitioners yet/),
    ).toBeVisible();
    await shots(staff, 'desk-insights');
  } finally {
    await desk.close();
  }
});
