// A POPIA access request: from a submission's page, staff download everything held about the
// practitioner as a JSON file.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signIn, submitApplication } from './dashboard-fixtures.ts';

test('staff export all data held about a practitioner as a JSON file', async ({
  page,
  request,
  baseURL,
}) => {
  const practitioner = await submitApplication(request, baseURL!, 'Exportcase');
  await signIn(page, baseURL!);
  await page.goto('/dashboard/submissions');
  await page.getByRole('searchbox', { name: 'Search' }).fill('Exportcase');
  // The search lands in the address after a pause; a click before it would be undone by it.
  await expect(page).toHaveURL(/q=Exportcase/);
  await page
    .getByRole('link', { name: `${practitioner.firstName} ${practitioner.lastName}`, exact: true })
    .click();

  const link = page.getByRole('link', { name: 'Export all data held about this practitioner' });
  const box = await link.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^practitioner-[\w-]+\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(data.practitioner.email).toBe(practitioner.email);
  expect(data.submissions[0].trackingToken).toBe(practitioner.trackingToken);
  expect(data.submissions[0].documents.length).toBeGreaterThan(0);
});
