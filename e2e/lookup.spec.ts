import { expect, type Page, test } from '@playwright/test';
import { appReady } from './app-ready.ts';
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
    await appReady(page);
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
    await appReady(page);
    await page
      .getByRole('textbox', { name: 'Practice number (PCNS)' })
      .fill(` ${seeded.practiceNumber} `);
    await page.getByRole('button', { name: 'Check Status' }).click();

    const status = page.getByRole('region', { name: 'Application Status' });
    // Staff's first review change moved it under review; a rejected document waits on the
    // practitioner, which the lookup says without the details.
    await expect(status).toContainText('Under Review');
    await expect(status).toContainText('Action needed — check your e-mail');
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
    // Document reviews (the certified ID was rejected with a reason) are for the token holder.
    await expect(main).not.toContainText('The certification stamp is not legible.');
    await expect(main).not.toContainText('Certified ID Copy');

    await page.getByRole('tab', { name: 'SA ID Number' }).click();
    await expect(page.getByRole('region', { name: 'Application Status' })).toHaveCount(0);
    await page.getByRole('textbox', { name: 'South African ID number' }).fill(seeded.idNumber);
    await page.getByRole('button', { name: 'Check Status' }).click();
    await expect(page.getByRole('region', { name: 'Application Status' })).toContainText(
      'Under Review',
    );
  });

  test('an unknown identifier gives the not-found message', async ({ page }) => {
    await page.goto('/track/lookup');
    await appReady(page);
    await page.getByRole('textbox', { name: 'Practice number (PCNS)' }).fill('0000001');
    await page.getByRole('button', { name: 'Check Status' }).click();
    await expect(
      page.getByText('No submission found for this identifier. Please check your details.'),
    ).toBeVisible();
  });

  test.describe('answers that arrive late', () => {
    // page.route must see the lookups: no worker in between. The answers are made up here, so
    // these checks do not count against the server's lookup limit.
    test.use({ serviceWorkers: 'block' });

    const FOUND = {
      status: {
        practiceType: 'established',
        applicationStatus: 'pending',
        submittedDate: '2025-01-19T08:00:00.000Z',
        lastUpdated: '2025-01-20T08:00:00.000Z',
      },
      medicalAidStatuses: [],
      timeline: [],
    };
    const NOT_FOUND = {
      error: {
        code: 'not_found',
        message: 'No submission found for this identifier. Please check your details.',
      },
    };

    /** Practice number lookups wait for release() and then find an application; ID lookups
     * answer 404 at once. Resolves to the late answer's delivery. */
    async function holdPracticeNumberLookups(page: Page) {
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/lookup', async (route) => {
        const body = route.request().postDataJSON() as { identifierType: string };
        if (body.identifierType === 'id_number') {
          await route.fulfill({ status: 404, json: NOT_FOUND });
          return;
        }
        await held;
        await route.fulfill({ json: FOUND });
      });
      return async () => {
        const late = page.waitForResponse('**/api/lookup');
        release();
        await (await late).finished();
        // Give the page a moment to (not) show it: nothing else marks it as ignored.
        await page.waitForTimeout(300);
      };
    }

    test('an answer still on its way when the tab changes is not shown under the other tab', async ({
      page,
    }) => {
      const deliverLate = await holdPracticeNumberLookups(page);
      await page.goto('/track/lookup');
      await appReady(page);
      await page.getByRole('textbox', { name: 'Practice number (PCNS)' }).fill('1234567');
      await page.getByRole('button', { name: 'Check Status' }).click();
      await expect(page.getByRole('button', { name: 'Check Status' })).toBeDisabled();

      await page.getByRole('tab', { name: 'SA ID Number' }).click();
      await expect(page.getByRole('button', { name: 'Check Status' })).toBeEnabled();
      await deliverLate();
      await expect(page.getByRole('region', { name: 'Application Status' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Check Status' })).toBeEnabled();
    });

    test('of two lookups racing, only the later one is shown', async ({ page }) => {
      const deliverLate = await holdPracticeNumberLookups(page);
      await page.goto('/track/lookup');
      await appReady(page);
      await page.getByRole('textbox', { name: 'Practice number (PCNS)' }).fill('1234567');
      await page.getByRole('button', { name: 'Check Status' }).click();

      await page.getByRole('tab', { name: 'SA ID Number' }).click();
      await page.getByRole('textbox', { name: 'South African ID number' }).fill('8003155009089');
      await page.getByRole('button', { name: 'Check Status' }).click();
      const notFound = page.getByText(
        'No submission found for this identifier. Please check your details.',
      );
      await expect(notFound).toBeVisible();

      await deliverLate();
      await expect(notFound).toBeVisible();
      await expect(page.getByRole('region', { name: 'Application Status' })).toHaveCount(0);
    });
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
    await appReady(page);
    await page.getByRole('textbox', { name: 'Practice number (PCNS)' }).fill('0000003');
    await page.getByRole('button', { name: 'Check Status' }).click();
    await expect(
      page.getByText('Too many lookup attempts. Please try again in 15 minutes.'),
    ).toBeVisible();
  });
});
