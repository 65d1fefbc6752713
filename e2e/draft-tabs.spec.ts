// One writer per draft (issue 23, web/features/wizard/draft-writer.ts): two wizard tabs in one
// browser never overwrite each other's answers. The second tab is read-only with a notice and
// follows the first; once the first tab goes, it takes over with everything the first saved.
import { expect, type Page, test } from '@playwright/test';
import { choosePracticeType, draftSaved, showPage } from './wizard-helpers.ts';

const NOTICE = 'This application is open in another tab';

async function contactPage(page: Page) {
  await page.goto('/?step=contact');
  await expect(page.getByRole('heading', { name: 'Step 2: Contact Information' })).toBeVisible();
}

test('tab A types the last name, tab B the first name: after reloading both, both are there', async ({
  context,
}) => {
  const a = await context.newPage();
  await a.goto('/');
  await choosePracticeType(a, 'Established Practice');
  await draftSaved(a);
  await expect(a.getByText(NOTICE)).toHaveCount(0);

  const b = await context.newPage();
  await contactPage(b);
  // Tab B says why it is read-only, and offers nothing that would write.
  await expect(b.getByText(NOTICE)).toBeVisible();
  await expect(b.getByLabel('First Name')).toBeDisabled();
  await expect(b.getByRole('button', { name: 'Start over' })).toHaveCount(0);
  await expect(b.getByRole('button', { name: 'Submit Application' })).toHaveCount(0);

  await a.getByLabel('Last Name').fill('Mokoena');
  await draftSaved(a);
  // B follows what A saves.
  await expect(b.getByLabel('Last Name')).toHaveValue('Mokoena');

  // Tab A is reloaded: B, still open, takes over with A's last name and is editable.
  await a.close();
  await expect(b.getByText(NOTICE)).toHaveCount(0);
  await expect(b.getByLabel('First Name')).toBeEnabled();
  await b.getByLabel('First Name').fill('Thandi');
  await draftSaved(b);
  await expect(b.getByLabel('Last Name')).toHaveValue('Mokoena');

  // Both reloaded: B writes, the reopened A reads; each shows both names.
  await b.reload();
  await expect(b.getByLabel('First Name')).toHaveValue('Thandi');
  await expect(b.getByLabel('Last Name')).toHaveValue('Mokoena');
  await expect(b.getByLabel('First Name')).toBeEnabled();
  const again = await context.newPage();
  await contactPage(again);
  await expect(again.getByText(NOTICE)).toBeVisible();
  await expect(again.getByLabel('First Name')).toHaveValue('Thandi');
  await expect(again.getByLabel('Last Name')).toHaveValue('Mokoena');
  await showPage(again, 'Practice type');
  await expect(again.getByRole('radio', { name: /Established Practice/ })).toBeDisabled();
});
