// The manager's practice sent by Background Sync with no page open (decision 130): Send pressed
// offline with the practice's files up, the app closed; the service worker's 'send-practice'
// creates the practice and invites; the next visit's notice opens the practice's page.
import { expect, test } from '@playwright/test';
import { appReady } from './app-ready.ts';
import { dispatchSync } from './background-sync.ts';
import { waitForMail } from './mail-box.ts';
import {
  address,
  controlled,
  fillDetails,
  invite,
  next,
  uploadDocuments,
} from './practice-start-steps.ts';

test.use({ viewport: { width: 360, height: 740 } });

test('Background Sync sends a queued practice with no page open; the next visit opens it', async ({
  page,
  context,
  baseURL,
}) => {
  await page.goto('/practice/new');
  await appReady(page);
  await controlled(page);
  await fillDetails(page, 'e');
  await next(page, 2, "The practice's documents");
  await uploadDocuments(page);
  await next(page, 3, 'Medical aid schemes');
  await page.getByRole('checkbox', { name: 'Medihelp', exact: true }).check();
  await next(page, 4, 'Practitioners to invite');
  await invite(page, 'e', ['Lerato']);
  await next(page, 5, 'Check and send');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Send the practice and invitations' }).click();
  await expect(
    page.getByText('Your practice is saved on this device and will be sent'),
  ).toBeVisible();

  // The manager closes the app; only the service worker is left to send it.
  const blank = await context.newPage();
  await page.close();
  // Back online: Chromium fires the sync it was asked for.
  await dispatchSync(context, blank, baseURL!, 'send-practice');
  await waitForMail(address('lerato', 'e'), 'invitation=');

  await blank.goto('/track');
  await appReady(blank);
  const notice = blank.getByTestId('queued-practice');
  await expect(notice.getByText('Your practice was sent')).toBeVisible();
  await notice.getByRole('link', { name: 'Open the practice page' }).click();
  await expect(blank.getByRole('heading', { name: 'Sea Point Family Practice e' })).toBeVisible();
  await expect(blank.getByText('0 of 1 done.')).toBeVisible();
});
