// Staff MFA in the browser (decision 070, issue 25): an account made with the CLI cannot set up
// two-step sign-in with its password alone; through the one-time set-up link the CLI printed it
// sets up its authenticator app, keeps its recovery codes, and then signs in with a code. The
// code step is checked with axe like every other screen.
import { execFileSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { totpCode } from '../worker/crypto/totp.ts';

const EMAIL = 'new-staff@bureau.test';
const PASSWORD = 'e2e-plover-marimba-77';

test('a new staff account sets up two-step sign-in, then signs in with a code', async ({
  page,
}) => {
  // As an operator would: the account from the command line, on the running server's data.
  const printed = execFileSync(
    'node_modules/.bin/tsx',
    ['worker/cli/admin.ts', 'create', '--email', EMAIL],
    {
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, ADMIN_EMAIL: '' },
      input: `${PASSWORD}\n`,
    },
  ).toString();
  const setUpLink = new URL(printed.match(/https?:\/\/\S+\?enrol=\S+/)![0]);

  // The QR encoder is downloaded by the set-up step only, never with the sign-in page.
  const qrChunks: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/qr-[\w-]+\.js$/.test(new URL(request.url()).pathname))
      qrChunks.push(request.url());
  });

  // The password alone sets nothing up.
  await page.goto('/dashboard/login');
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Open the one-time set-up link an administrator gave you',
  );
  await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toHaveCount(0);

  await page.goto(`${setUpLink.pathname}${setUpLink.search}`);
  await expect(
    page.getByText('This is your one-time link to set up two-step sign-in.'),
  ).toBeVisible();
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  if (process.env.SHOT_DIR)
    await page.screenshot({ path: `${process.env.SHOT_DIR}/enrol-link.png`, fullPage: true });
  expect(qrChunks).toEqual([]);
  await page.getByRole('button', { name: 'Log in' }).click();

  await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeVisible();
  const qr = page.getByRole('img', { name: 'QR code to add this account to an authenticator app' });
  await expect(qr).toBeVisible();
  await expect(qr.locator('path')).toHaveAttribute('d', /^M\d+ \d+h1v1h-1z/);
  expect(qrChunks).toHaveLength(1);
  if (process.env.QR_SCREENSHOT) await qr.screenshot({ path: process.env.QR_SCREENSHOT });
  const code = page.getByLabel('Authentication code');
  if (process.env.SHOT_DIR)
    await page.screenshot({ path: `${process.env.SHOT_DIR}/enrol-secret.png`, fullPage: true });
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  expect((await code.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  const link = page.getByRole('link', { name: 'open this account in your authenticator app' });
  await expect(link).toHaveAttribute('href', /^otpauth:\/\/totp\/.*secret=[A-Z2-7]+/);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations).toEqual([]);

  // The key as a person reads it off the screen, in groups of four.
  const secret = ((await page.locator('code').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await code.fill('000000');
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'That code is not right. Enter the current code from your authenticator app.',
  );
  await code.fill(totpCode(secret, new Date()));
  await page.getByRole('button', { name: 'Verify code' }).click();

  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  const recovery = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(recovery).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them, continue' }).click();
  // The toast before the redirect is login-toast.spec.ts's subject; here: who is signed in.
  await expect(page.getByText(`Welcome back, ${EMAIL}.`, { exact: false })).toBeVisible();

  // Signed out, the next sign-in asks only for the code: the key is never shown again.
  await page.context().clearCookies();
  await page.goto('/dashboard/login');
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(
    page.getByText(`Enter the 6-digit code from your authenticator app for ${EMAIL}.`),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toHaveCount(0);
  // The enrolment used this step's code: the next step's is accepted (one step of drift).
  await page
    .getByLabel('Authentication code')
    .fill(totpCode(secret, new Date(Date.now() + 30_000)));
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page.getByText(`Welcome back, ${EMAIL}.`, { exact: false })).toBeVisible();
});
