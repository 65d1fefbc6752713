// Webhooks to the billing system (issue 40, decision 122), desktop: staff add an endpoint for a
// receiver on 127.0.0.1 (the server runs with WEBHOOKS_ALLOW_PRIVATE_NETWORK) and copy its secret
// once; they approve one enrolment with a provider number on the review page, then three with
// three different numbers in bulk from the work queue; the receiver, verifying with the
// standardwebhooks library, gets each signed event with its own number from the outbox's next
// round, each tracking page shows the approval, and the log's replay repeats the webhook-id.
import { expect, test } from '@playwright/test';
import { startWebhookReceiver } from '../worker/testing/webhook-receiver.ts';
import { appReady } from './app-ready.ts';
import { expectNoSeriousAxeViolations } from './axe-check.ts';
import { signIn, submitApplication } from './dashboard-fixtures.ts';

test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

test('approvals reach the billing system signed, each with its own provider number', async ({
  page,
  request,
  baseURL,
}) => {
  const receiver = await startWebhookReceiver();
  try {
    const run = Date.now().toString(36).slice(-4);
    const names = ['A', 'B', 'C', 'D'].map((letter) => `Hook${run}${letter}`);
    const practitioners = [];
    for (const lastName of names) {
      practitioners.push(await submitApplication(request, baseURL!, lastName));
    }

    await signIn(page, baseURL!);
    await page.goto('/dashboard');
    await appReady(page);
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Webhooks' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(page).toHaveTitle('Webhooks · Practitioner Onboarding');
    const name = `Billing ${run}`;
    await page.getByLabel('Webhook address').fill(receiver.url);
    await page.getByLabel('Name').fill(name);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const shown = page.getByRole('status', { name: 'The signing secret' });
    await expect(shown).toBeVisible();
    receiver.verifyWith((await shown.textContent())!.trim());
    await expectNoSeriousAxeViolations(page);

    // One approval on the review page, reached from the queue narrowed to Bankmed (the whole
    // queue's first page may be other journeys' enrolments by now).
    const [single, ...three] = practitioners;
    await page.goto('/dashboard/queue?schemeKey=bankmed');
    await appReady(page);
    await page
      .getByRole('link', { name: `Thandi ${names[0]}` })
      .first()
      .click();
    const bankmed = page.getByRole('listitem', { name: 'Bankmed' });
    await bankmed.getByLabel('Scheme status').selectOption('approved');
    await bankmed.getByLabel('Reason').selectOption('provider_number_issued');
    await bankmed.getByLabel('Provider number').fill(`ONE-${run}`);
    await bankmed.getByLabel('Effective date').fill('2026-12-01');
    await bankmed.getByRole('button', { name: 'Save Bankmed' }).click();
    await expect(bankmed.getByText('History (1)')).toBeVisible();
    await expect
      .poll(() => receiver.received.length, {
        timeout: 15_000,
        message: 'the first round sends it',
      })
      .toBe(1);
    expect(receiver.received[0]!.verified).toMatchObject({
      type: 'enrolment.status_changed',
      data: { status: 'approved', providerNumber: `ONE-${run}`, schemeKey: 'bankmed' },
    });

    // Three in bulk from the work queue, each practitioner's own number.
    await page.goto('/dashboard/queue');
    await appReady(page);
    await page.getByLabel('Scheme', { exact: true }).selectOption({ label: 'Bankmed' });
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/schemeKey=bankmed/);
    for (const lastName of names.slice(1)) {
      await page.getByRole('checkbox', { name: `Select Thandi ${lastName}, Bankmed` }).check();
    }
    const bulk = page.getByRole('region', { name: 'Change 3 selected' });
    await bulk.getByLabel('Set status').selectOption('approved');
    await bulk.getByLabel('Set reason').selectOption('provider_number_issued');
    for (const [i, lastName] of names.slice(1).entries()) {
      await bulk
        .getByLabel(`Provider number: Thandi ${lastName}, Bankmed`)
        .fill(`BULK-${run}-${i}`);
    }
    await bulk.getByLabel('Effective date').fill('2026-12-01');
    await bulk.getByRole('button', { name: 'Apply to 3 enrolments' }).click();
    await page
      .getByRole('dialog', { name: 'Change 3 enrolments?' })
      .getByRole('button', { name: 'Yes, change them' })
      .click();
    await expect(page.getByText('3 enrolments changed.')).toBeVisible();

    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(4);
    const got = receiver.received.slice(1).map((r) => r.verified?.data);
    for (const [i, p] of three.entries()) {
      const view = await (await request.get(`/api/submissions/${p.trackingToken}`)).json();
      const scheme = view.medicalAidStatuses.find(
        (m: { schemeKey: string }) => m.schemeKey === 'bankmed',
      );
      expect(scheme.status).toBe('approved');
      // The webhook of this practitioner's enrolment carries this practitioner's number.
      expect(got.find((d) => d?.practitionerName === `Thandi ${names[i + 1]}`)).toMatchObject({
        providerNumber: `BULK-${run}-${i}`,
        status: 'approved',
      });
    }
    // And each tracking page shows the approval with the practitioner's own provider number.
    for (const [i, p] of [single!, ...three].entries()) {
      await page.goto(`/track?token=${p.trackingToken}`);
      await appReady(page);
      const bankmedItem = page.getByRole('listitem').filter({ hasText: 'Bankmed' }).first();
      await expect(bankmedItem).toContainText(/approved/i);
      await expect(bankmedItem).toContainText(
        `Provider number ${i === 0 ? `ONE-${run}` : `BULK-${run}-${i - 1}`}`,
      );
    }

    // The log: four delivered with 204; sending one again repeats its webhook-id.
    await page.goto('/dashboard/webhooks');
    await appReady(page);
    const log = page.getByRole('list', { name: 'Deliveries' });
    await expect(log.getByText('answered 204')).toHaveCount(4);
    const first = receiver.received[0]!.webhookId;
    await log.getByRole('button', { name: `Send again ${first}` }).click();
    await expect(page.getByText('Sent again', { exact: true })).toBeVisible();
    expect(receiver.received.at(-1)!.webhookId).toBe(first);
    expect(receiver.received.at(-1)!.verified).not.toBeNull();
    await expectNoSeriousAxeViolations(page);

    // Revoked: nothing more goes there.
    await page
      .getByRole('list', { name: 'Endpoints' })
      .getByRole('button', { name: `Revoke ${name}` })
      .click();
    await page
      .getByRole('dialog', { name: `Revoke ${name}?` })
      .getByRole('button', { name: 'Yes, revoke it' })
      .click();
    await expect(page.getByRole('list', { name: 'Endpoints' })).toContainText('Revoked');
  } finally {
    await receiver.close();
  }
});
