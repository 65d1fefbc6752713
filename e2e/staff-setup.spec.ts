// Staff sign-in set-up in the dashboard (issue 25): an administrator sees the account the CLI
// made, with its set-up link waiting, issues a new link, and that link opens the set-up of
// two-step sign-in for the account.
import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { signIn } from './dashboard-fixtures.ts';

const EMAIL = `clerk.${Date.now()}@bureau.test`;
const PASSWORD = 'e2e-protea-umbrella-58';

test('an administrator issues a new set-up link that opens the set-up', async ({
  page,
  browser,
  baseURL,
}) => {
  execFileSync('node_modules/.bin/tsx', ['worker/cli/admin.ts', 'create', '--email', EMAIL], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, ADMIN_EMAIL: '' },
    input: `${PASSWORD}\n`,
  });
  await signIn(page, baseURL!);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Staff sign-in' }).click();
  await expect(page.getByRole('heading', { name: 'Staff sign-in set-up' })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: EMAIL });
  await expect(row).toContainText('Set-up link waiting');
  if (process.env.SHOT_DIR)
    await page.screenshot({ path: `${process.env.SHOT_DIR}/staff-setup.png`, fullPage: true });

  await row.getByRole('button', { name: `Issue a new set-up link for ${EMAIL}` }).click();
  const issued = page.getByText(/\/dashboard\/login\?enrol=/);
  await expect(issued).toBeVisible();
  if (process.env.SHOT_DIR)
    await page.screenshot({
      path: `${process.env.SHOT_DIR}/staff-setup-issued.png`,
      fullPage: true,
    });
  const link = new URL((await issued.textContent())!.trim());

  // The owner opens it in a browser of their own.
  const owner = await browser.newContext({ baseURL });
  const ownerPage = await owner.newPage();
  await ownerPage.goto(`${link.pathname}${link.search}`);
  await expect(
    ownerPage.getByText('This is your one-time link to set up two-step sign-in.'),
  ).toBeVisible();
  await ownerPage.getByLabel('Email').fill(EMAIL);
  await ownerPage.getByLabel('Password').fill(PASSWORD);
  await ownerPage.getByRole('button', { name: 'Log in' }).click();
  await expect(ownerPage.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeVisible();
  await owner.close();
});
