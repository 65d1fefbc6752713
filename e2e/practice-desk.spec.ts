// Staff see the practice (issue 39, decision 127), desktop: a practice made through the API with
// three invited practitioners who all sent their part. Staff find it under Practices, delete one
// practitioner's submission from its page (only theirs goes), follow the marker on a review page
// back to it, narrow All submissions to it, approve its two Bestmed enrolments at once from the
// work queue with each provider number, then delete the practice keeping one application and
// deleting the other. On the way: the shared documents download from the practice page, the
// review page marks the submission's copies of them, and the dates are in South African form
// (decision 131). Axe clean in both themes; the practice page also at 360 x 740.
import { expect, test } from '@playwright/test';
import { appReady } from './app-ready.ts';
import { signIn } from './dashboard-fixtures.ts';
import { seedPractice } from './practice-seed.ts';
import { inBothThemes } from './themed-shots.ts';

const SA_DATE =
  /^\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/;

test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

test('staff follow a practice, change its enrolments together and delete it', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { name, practitioners } = await seedPractice(request, 3);
  const [sipho, ayesha, johan] = practitioners as [
    (typeof practitioners)[number],
    (typeof practitioners)[number],
    (typeof practitioners)[number],
  ];
  await signIn(page, baseURL!);
  await page.goto('/dashboard');
  await appReady(page);
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Practices' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Practices' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  // Invited and submitted, and the day it started.
  await expect(row.getByRole('cell').nth(3)).toHaveText('3');
  await expect(row.getByRole('cell').nth(4)).toHaveText('3');
  await expect(row.getByRole('cell').nth(5)).toHaveText(SA_DATE);
  await inBothThemes(page, 'practice-desk-list', 'practices list');
  await row.getByRole('link', { name }).click();

  // The practice page: its part, its shared documents, its practitioners.
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveTitle(`${name} · Practitioner Onboarding`);
  const practicePage = page.url();
  await expect(page.getByText('Naledi Khumalo')).toBeVisible();
  // Dates in South African form, as the rest of the dashboard shows them ('29 November 2026').
  const started = page
    .getByRole('definition')
    .filter({ has: page.locator('time') })
    .first();
  await expect(started).toHaveText(SA_DATE);
  // The shared documents open with a signed staff link, not by name only.
  const shared = page.getByRole('listitem', { name: /bhf_form/ });
  const download = page.waitForEvent('download');
  await shared.getByRole('button', { name: /^Download bhf_form/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^bhf_form.*\.pdf$/);
  await expect(
    page.getByRole('heading', { name: 'Practitioners (3 of 3 submitted)' }),
  ).toBeVisible();

  // One practitioner's submission deleted from here: only theirs goes (the spec's cascade).
  await page.getByRole('button', { name: `Delete ${johan.name}'s submission` }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete this submission permanently?' })
    .getByRole('button', { name: 'Yes, Delete Permanently' })
    .click();
  await expect(page.getByText('Submission deleted', { exact: true })).toBeVisible();
  const people = page.getByRole('region', { name: /Practitioners \(2 of 3 submitted\)/ });
  await expect(people.getByRole('row').filter({ hasText: 'Dr Johan Botha' })).toContainText(
    'Not sent yet',
  );
  expect((await request.get(`/api/submissions/${johan.trackingToken}`)).status()).toBe(404);
  expect((await request.get(`/api/submissions/${sipho.trackingToken}`)).status()).toBe(200);
  await inBothThemes(page, 'practice-desk-page', 'practice page');
  await page.setViewportSize({ width: 360, height: 740 });
  await inBothThemes(page, 'practice-desk-page-phone', 'practice page on a phone');
  await page.setViewportSize({ width: 1280, height: 900 });

  // A review page says the submission is the practice's, and leads back.
  await people.getByRole('link', { name: `Review ${sipho.name}'s submission` }).click();
  await expect(page.getByRole('heading', { level: 1, name: sipho.name })).toBeVisible();
  await expect(page.getByText('Part of a practice that applied together')).toBeVisible();
  // Its copies of the practice's two shared documents are marked; its own ID copy is not.
  const documents = page.getByRole('region', { name: /^Documents/ });
  await expect(documents.getByText('From the practice')).toHaveCount(2);
  await expect(
    documents.getByRole('listitem').filter({ hasText: 'From the practice' }).first(),
  ).not.toContainText('certified_id');
  await inBothThemes(page, 'practice-desk-review', "review page of a practice's submission");
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // All submissions, narrowed to the practice.
  await page.getByRole('link', { name: 'Its submissions in the list' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All submissions' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Practice', exact: true })).toHaveValue(/.+/);
  await expect(page.getByRole('link', { name: sipho.name, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: ayesha.name, exact: true })).toBeVisible();
  await expect(page.getByText(/^1–2 of 2$/)).toBeVisible();
  await inBothThemes(page, 'practice-desk-submissions', 'submissions of a practice');
  await page.getByRole('link', { name: "Open this practice's page" }).click();

  // Its Bestmed enrolments, together, from the work queue.
  await page.getByRole('link', { name: 'Change in the work queue: Bestmed, 2 open' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Work queue' })).toBeVisible();
  await expect(page).toHaveURL(/practiceId=.*schemeKey=bestmed|schemeKey=bestmed.*practiceId=/);
  await page.getByRole('checkbox', { name: 'Select all enrolments shown' }).check();
  const bulk = page.getByRole('region', { name: 'Change 2 selected' });
  await bulk.getByLabel('Set status').selectOption('approved');
  await bulk.getByLabel('Set reason').selectOption('provider_number_issued');
  await bulk.getByLabel(`Provider number: ${sipho.name}, Bestmed`).fill('BM-5510');
  await bulk.getByLabel(`Provider number: ${ayesha.name}, Bestmed`).fill('BM-5511');
  await bulk.getByLabel('Effective date').fill('2026-12-01');
  await bulk.getByRole('button', { name: 'Apply to 2 enrolments' }).click();
  await page
    .getByRole('dialog', { name: 'Change 2 enrolments?' })
    .getByRole('button', { name: 'Yes, change them' })
    .click();
  await expect(page.getByText('2 enrolments changed.')).toBeVisible();
  await inBothThemes(page, 'practice-desk-queue', 'work queue of a practice');

  // Delete the practice: keep Sipho's application, delete Ayesha's.
  await page.getByRole('link', { name: 'Back to the practice' }).click();
  await expect(page).toHaveURL(practicePage);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('BM-5510')).toBeVisible();
  await page.getByRole('button', { name: 'Delete practice' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Delete ${name}?` });
  await dialog.getByRole('button', { name: 'Yes, delete the practice' }).click();
  await expect(dialog.getByText('Choose keep or delete')).toHaveCount(2);
  await dialog.getByLabel(sipho.name, { exact: false }).selectOption('keep');
  await dialog.getByLabel(ayesha.name, { exact: false }).selectOption('delete');
  await expect(dialog.getByText('1 kept, 1 deleted.')).toBeVisible();
  await inBothThemes(page, 'practice-desk-delete', 'delete practice dialog');
  await dialog.getByRole('button', { name: 'Yes, delete the practice' }).click();
  await expect(page.getByText('1 kept as lone applications, 1 deleted.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Practices' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);

  // Sipho's application stands alone; Ayesha's is gone with the spec's cascade.
  expect((await request.get(`/api/submissions/${sipho.trackingToken}`)).status()).toBe(200);
  expect((await request.get(`/api/submissions/${ayesha.trackingToken}`)).status()).toBe(404);
});
