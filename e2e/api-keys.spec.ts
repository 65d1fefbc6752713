// Keys for machines (issue 40), desktop: staff create a key for the billing system, see it once,
// the billing system reads an application with it and approves an enrolment with a provider
// number; the key never opens the staff API; revoked, it is refused; the API reference opens.
import { expect, test } from '@playwright/test';
import { appReady } from './app-ready.ts';
import { expectNoSeriousAxeViolations } from './axe-check.ts';
import { signIn, submitApplication } from './dashboard-fixtures.ts';

test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

test('staff create a key, the billing system uses it, staff revoke it', async ({
  page,
  request,
  baseURL,
}) => {
  const run = Date.now().toString(36).slice(-4);
  const practitioner = await submitApplication(request, baseURL!, `Keys${run}`);
  await signIn(page, baseURL!);
  await page.goto('/dashboard');
  await appReady(page);
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'API keys' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
  await expect(page).toHaveTitle('API keys · Practitioner Onboarding');

  const name = `Billing ${run}`;
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Set enrolment status and provider number').check();
  await page.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('status', { name: 'The new key' });
  await expect(shown).toBeVisible();
  const key = (await shown.textContent())!.trim();
  await expectNoSeriousAxeViolations(page);

  const auth = { Authorization: `Bearer ${key}` };
  const view = await request.get(`/api/submissions/${practitioner.trackingToken}`);
  const { submissionId } = (await view.json()) as { submissionId?: string };
  const list = await request.get('/api/machine/v1/enrolments?status=pending&limit=500', {
    headers: auth,
  });
  expect(list.status()).toBe(200);
  const { enrolments } = (await list.json()) as {
    enrolments: { enrolmentId: string; practitionerName: string; schemeKey: string }[];
  };
  const mine = enrolments.find(
    (e) => e.practitionerName.endsWith(`Keys${run}`) && e.schemeKey === 'bankmed',
  )!;
  expect(mine).toBeTruthy();
  const approved = await request.patch(`/api/machine/v1/enrolments/${mine.enrolmentId}`, {
    headers: auth,
    data: {
      status: 'approved',
      reason: 'provider_number_issued',
      providerNumber: `BK-${run}`,
      effectiveDate: '2026-12-01',
    },
  });
  expect(approved.status()).toBe(200);
  const tracked = await (
    await request.get(`/api/submissions/${practitioner.trackingToken}`)
  ).json();
  expect(
    tracked.medicalAidStatuses.find((m: { schemeKey: string }) => m.schemeKey === 'bankmed').status,
  ).toBe('approved');
  expect(submissionId ?? null).toBeNull(); // The tracking view names no internal id.
  // A key is not a staff session.
  expect((await request.get('/api/admin/submissions', { headers: auth })).status()).toBe(401);

  // The list shows the use (after a reload: the page does not poll).
  await page.reload();
  await appReady(page);
  const row = page.getByRole('list', { name: 'API keys' }).getByRole('listitem').filter({
    hasText: name,
  });
  await expect(row).toContainText('last used');
  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  await page
    .getByRole('dialog', { name: `Revoke ${name}?` })
    .getByRole('button', { name: 'Yes, revoke it' })
    .click();
  await expect(row).toContainText('Revoked');
  expect((await request.get('/api/machine/v1/enrolments', { headers: auth })).status()).toBe(401);

  // The reference page, from the generated OpenAPI document.
  await page.getByRole('link', { name: 'API reference' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 3, name: 'PATCH /api/machine/v1/enrolments/{enrolmentId}' }),
  ).toBeVisible();
  // And the webhooks the billing system receives (decision 122).
  await expect(
    page.getByRole('heading', { level: 3, name: 'enrolment.status_changed' }),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
