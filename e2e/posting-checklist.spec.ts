// Issue 26: a per-scheme posting checklist kept by staff in the catalogue (what to print and
// sign by hand, what to certify and how recently, where to post). Uses POLMED, which no other
// journey edits; both themes save the same list, so their order does not matter.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { staffCatalogue } from '../schema/catalogue-api.ts';
import { signIn, useTheme } from './dashboard-fixtures.ts';

test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

const POLMED = 'POLMED (South African Police Service Medical Scheme)';

for (const theme of ['light', 'dark'] as const) {
  test(`staff keep a scheme's posting checklist in the catalogue (${theme})`, async ({ page }) => {
    await useTheme(page, theme);
    await signIn(page);
    await page.goto('/dashboard/catalogue');
    await page.getByRole('button', { name: `Edit ${POLMED}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${POLMED}` });
    const checklist = dialog.getByRole('group', { name: 'Posting checklist' });
    await checklist
      .getByLabel('Forms to print and sign by hand')
      .fill('Provider registration form');
    await checklist
      .getByLabel('Documents to send as certified copies')
      .fill('SA ID document\nBank confirmation letter');
    await checklist.getByLabel('Certified within (months)').fill('0');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    // A checklist that cannot be is refused at its field; nothing is saved.
    await expect(checklist.getByText('Give at least 1 month')).toBeVisible();
    await checklist.getByLabel('Certified within (months)').fill('3');
    await checklist.getByLabel('Post to').fill(`POLMED Provider Registrations\nPO Box 0000`);
    const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    if (process.env.SCREENSHOTS) {
      await page.screenshot({ path: `${process.env.SCREENSHOTS}/posting-checklist-${theme}.png` });
    }
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toHaveCount(0);

    const stored = staffCatalogue.parse(
      await (await page.request.get('/api/admin/catalogue')).json(),
    );
    expect(stored.schemes.find((s) => s.key === 'polmed')?.postingChecklist).toEqual({
      signByHand: ['Provider registration form'],
      certifiedCopies: ['SA ID document', 'Bank confirmation letter'],
      certifiedWithinMonths: 3,
      postTo: `POLMED Provider Registrations\nPO Box 0000`,
    });
  });
}
