// The practice manager's page (issue 39, decision 120), on a phone: a practice made through the
// API with three invited, one of whom has sent their part; the manager sees one done and two
// invited with no personal details, invites a fourth from the form, withdraws one, and the page
// has no serious axe violation in either theme. An invitation whose answer was lost on the way
// is sent again with the same Idempotency-Key: one invitation, one mail (decision 130).
import { expect, test } from '@playwright/test';
import { appReady } from './app-ready.ts';
import { expectNoSeriousAxeViolations } from './axe-check.ts';
import { readMails, waitForMail } from './mail-box.ts';
import { seedPractice } from './practice-seed.ts';

const stamp = Date.now();
const address = (who: string) => `${who}.${stamp}@clifton.example.co.za`;

test('the practice manager follows and invites from the practice page', async ({
  page,
  request,
}) => {
  const { practiceToken, practitioners } = await seedPractice(
    request,
    1,
    stamp,
    'Sea Point Family Practice',
  );
  const { idNumber } = practitioners[0]!;
  await page.goto(`/practice?token=${practiceToken}`);
  await appReady(page);
  await expect(page.getByRole('heading', { name: 'Sea Point Family Practice' })).toBeVisible();
  const list = page.getByRole('region', { name: 'Practitioners' });
  await expect(list.getByText('1 of 3 done.')).toBeVisible();
  const sipho = list.getByRole('listitem').filter({ hasText: 'Dr Sipho' }).first();
  await expect(sipho.getByText('Done')).toBeVisible();
  await expect(sipho.getByRole('list', { name: 'Schemes of Dr Sipho' })).toContainText('Bestmed');
  await expect(page.locator('body')).not.toContainText(idNumber);
  await expectNoSeriousAxeViolations(page, { what: 'practice page, light' });

  await page.getByRole('textbox', { name: "Practitioner's name" }).fill('Dr Thandi Nkosi');
  await page.getByRole('textbox', { name: 'Their e-mail address' }).fill(address('thandi'));
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(list.getByText('1 of 4 done.')).toBeVisible();
  await waitForMail(address('thandi'), 'invitation=');

  const johan = list.getByRole('listitem').filter({ hasText: 'Dr Johan' }).first();
  await johan.getByRole('button', { name: 'Withdraw' }).click();
  await expect(johan.getByText('Withdrawn')).toBeVisible();
  await expect(johan.getByRole('button', { name: 'Send a new link' })).toBeVisible();

  await page.getByRole('button', { name: /dark/i }).first().click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectNoSeriousAxeViolations(page, { what: 'practice page, dark' });
});

test('an invitation whose answer was lost invites once when sent again', async ({
  page,
  request,
}) => {
  const { practiceToken } = await seedPractice(request, 0, stamp + 1, 'Kalk Bay Practice');
  await page.goto(`/practice?token=${practiceToken}`);
  await appReady(page);
  const list = page.getByRole('region', { name: 'Practitioners' });
  await expect(list.getByText('0 of 3 done.')).toBeVisible();
  const keys: string[] = [];
  let lose = true;
  await page.route('**/api/practices/*/invitations', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (!lose) return route.continue();
    // The server invites and mails; the answer never reaches the phone.
    lose = false;
    await route.fetch();
    await route.abort('failed');
  });
  const email = address('zanele');
  await page.getByRole('textbox', { name: "Practitioner's name" }).fill('Dr Zanele Mthembu');
  await page.getByRole('textbox', { name: 'Their e-mail address' }).fill(email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('The invitation could not be sent. Please try again.')).toBeVisible();
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('textbox', { name: "Practitioner's name" })).toHaveValue('');
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
  await page.reload();
  await appReady(page);
  await expect(list.getByText('0 of 4 done.')).toBeVisible();
  await waitForMail(email, 'invitation=');
  expect(readMails().filter((m) => m.to.includes(email))).toHaveLength(1);
});

test('a practice link that opens nothing says so', async ({ page }) => {
  await page.goto('/practice?token=not-a-practice-link');
  await appReady(page);
  await expect(
    page.getByText('Practice not found. Please open the link from the e-mail we sent you.'),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page, { what: 'practice not found' });
});
