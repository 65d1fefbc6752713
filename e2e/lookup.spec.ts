import { expect, test } from '@playwright/test';
import { reviewSome, seedEstablished } from './track-seed.ts';

// Lookups are rate limited per client (LOOKUP_RATE_LIMIT, 10 per 15 minutes) and every spec
// of a run shares one server: this file does at most four lookups before the 429 test, which
// runs last.
test.describe.configure({ mode: 'serial' });

test.describe('status lookup', () => {
  test('has the privacy notice, two tabs with 13-character inputs and the empty message', async ({
    page,
  }) => {
    await page.goto('/track/lookup');
    await expect(page.getByText('Privacy-protected status check')).toBeVisible();
    await expect(page.getByText('no personal details or documents')).toBeVisible();
    const tabs = page.getByRole('tablist', { name: 'Look up by' });
    await expect(tabs.getByRole('tab', { name: 'Practice Number' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const practice = page.getByRole('textbox', { name: 'Practice number (PCNS)' });
    await expect(practice).toHaveAttribute('maxlength', '13');
    await expect(page.getByText('Your 7-digit PCNS practice number.')).toBeVisible();

    await page.getByRole('button', { name: 'Check Status' }).click();
    await expect(page.getByText('Please enter your identifier')).toBeVisible();
    await practice.fill('   ');
    await page.getByRole('button', { name: 'Check Status' }).click();
    await expect(page.getByText('Please enter your identifier')).toBeVisible();

    // Arrow keys move between tabs.
    await tabs.getByRole('tab', { name: 'Practice Number' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.getByRole('tab', { name: 'SA ID Number' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const id = page.getByRole('textbox', { name: 'South African ID number' });
    await expect(id).toHaveAttribute('maxlength', '13');
    await expect(page.getByText('Your 13-digit South African ID number.')).toBeVisible();
  });

  test('finds an application by practice number and by ID number, status only', async ({
    page,
    request,
  }) => {
    const seeded = await seedEstablished(request);
    await reviewSome(request, seeded);
    await page.goto('/track/lookup');
    await page
      .getByRole('textbox', { name: 'Practice number (PCNS)' })
      .fill(` ${seeded.practiceNumber} `);
    await page.getByRole('button', { name: 'Check Status' }).click();

    const status = page.getByRole('region', { name: 'Application Status' });
    await expect(status).toContainText('Pending Review');
    await expect(status).toContainText('Established practice');
    await expect(status).toContainText('Submitted');
    await expect(status).toContainText('Last updated');
    const schemes = page.getByRole('region', { name: 'Medical Aid Schemes' });
    const bestmed = schemes.getByRole('listitem').filter({ hasText: 'Bestmed' });
    await expect(bestmed).toContainText('Certified hard copy required');
    await expect(schemes).toContainText('Welcome letter sent.');
    await expect(page.getByRole('region', { name: 'Timeline' })).toContainText(
      'Application received',
    );
    await expect(page.getByRole('region', { name: 'Need Help' })).toBeVisible();
    // Privacy: no name, contact details or documents.
    const main = page.locator('main');
    await expect(main).not.toContainText('Nkosi');
    await expect(main).not.toContainText(`thandi.${seeded.practiceNumber}`);
    await expect(main).not.toContainText('082 123 4567');
    await expect(main).not.toContainText('scan.pdf');

    await page.getByRole('tab', { name: 'SA ID Number' }).click();
    await expect(page.getByRole('region', { name: 'Application Status' })).toHaveCount(0);
    await page.getByRole('textbox', { name: 'South African ID number' }).fill(seeded.idNumber);
    await page.getByRole('button', { name: 'Check Status' }).click();
    await expect(page.getByRole('region', { name: 'Application Status' })).toContainText(
      'Pending Review',
    );
  });

  test('an unknown identifier gives the not-found message', async ({ page }) => {
    await page.goto('/track/lookup');
    await page.getByRole('textbox', { name: 'Practice number (PCNS)' }).fill('0000001');
    await page.getByRole('button', { name: 'Check Status' }).click();
    await expect(
      page.getByText('No submission found for this identifier. Please check your details.'),
    ).toBeVisible();
  });

  test('too many lookups give the 15-minute message', async ({ page, request }) => {
    for (let i = 0; i < 20; i++) {
      const response = await request.post('/api/lookup', {
        data: { identifier: '0000002', identifierType: 'practice_number' },
      });
      if (response.status() === 429) break;
      expect(response.status()).toBe(404);
    }
    await page.goto('/track/lookup');
    await page.getByRole('textbox', { name: 'Practice number (PCNS)' }).fill('0000003');
    await page.getByRole('button', { name: 'Check Status' }).click();
    await expect(
      page.getByText('Too many lookup attempts. Please try again in 15 minutes.'),
    ).toBeVisible();
  });
});
