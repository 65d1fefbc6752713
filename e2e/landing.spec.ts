import { expect, test } from '@playwright/test';

test('the landing page loads', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('POPIA-compliant');
});

test('an unknown path shows the 404 page', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});

test('the API answers next to the app', async ({ request }) => {
  const res = await request.get('/api/medical-aid-documents');
  expect(res.status()).toBe(200);
  // Other journeys may have registered forms by now: the answer is the public list all the same.
  const forms = (await res.json()) as Record<string, unknown>[];
  expect(Array.isArray(forms)).toBe(true);
  for (const form of forms)
    expect(Object.keys(form).sort()).toEqual(['description', 'fileName', 'id', 'schemeKey']);
});
