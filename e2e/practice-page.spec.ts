// The practice manager's page (issue 39, decision 120), on a phone: a practice made through the
// API with three invited, one of whom has sent their part; the manager sees one done and two
// invited with no personal details, invites a fourth from the form, withdraws one, and the page
// has no serious axe violation in either theme.
import { type APIRequestContext, expect, test } from '@playwright/test';
import { appReady } from './app-ready.ts';
import { expectNoSeriousAxeViolations } from './axe-check.ts';
import { waitForMail } from './mail-box.ts';
import { saIdNumber, upload } from './track-seed.ts';

const stamp = Date.now();
const address = (who: string) => `${who}.${stamp}@seapoint.example.co.za`;

async function seedPractice(request: APIRequestContext) {
  const created = await request.post('/api/practices', {
    data: {
      practiceType: 'established',
      practiceNumber: String(stamp % 10_000_000).padStart(7, '0'),
      contractPreferences: { keep: true, review: false, cancel: false, learnMore: false },
      name: 'Sea Point Family Practice',
      address: '12 Main Road, Sea Point, Cape Town, 8005',
      contactPhone: '021 555 0100',
      contactEmail: address('reception'),
      managerName: 'Lindiwe Mokoena',
      managerEmail: address('manager'),
      selectedParents: ['discovery', 'bestmed'],
      selectedSchemes: ['discovery_health_medical_scheme', 'bestmed'],
      documents: [
        await upload(request, 'bhf_form', 'pdf'),
        await upload(request, 'bank_proof', 'pdf'),
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { practiceToken } = (await created.json()) as { practiceToken: string };
  for (const who of ['sipho', 'ayesha', 'johan']) {
    const res = await request.post(`/api/practices/${practiceToken}/invitations`, {
      data: { name: `Dr ${who[0]!.toUpperCase()}${who.slice(1)}`, email: address(who) },
    });
    expect(res.status()).toBe(201);
  }
  const mail = await waitForMail(address('sipho'), 'invitation=');
  const invitation = /invitation=([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
  const idNumber = saIdNumber('5102');
  const sent = await request.post(`/api/practice-invitations/${invitation}/submission`, {
    data: {
      practitioner: {
        firstName: 'Sipho',
        lastName: 'Dlamini',
        idNumber,
        email: address('sipho'),
        phone: '082 123 4567',
        specialization: 'General Practice',
      },
      hpcsaNumber: 'MP0654321',
      selectedSchemes: ['bestmed'],
      documents: [await upload(request, 'certified_id', 'jpeg')],
      popiaConsent: true,
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return { practiceToken, idNumber };
}

test('the practice manager follows and invites from the practice page', async ({
  page,
  request,
}) => {
  const { practiceToken, idNumber } = await seedPractice(request);
  await page.goto(`/practice?token=${practiceToken}`);
  await appReady(page);
  await expect(page.getByRole('heading', { name: 'Sea Point Family Practice' })).toBeVisible();
  const list = page.getByRole('region', { name: 'Practitioners' });
  await expect(list.getByText('1 of 3 done.')).toBeVisible();
  const sipho = list.getByRole('listitem').filter({ hasText: 'Dr Sipho' }).first();
  await expect(sipho.getByText('Done')).toBeVisible();
  await expect(sipho.getByRole('list', { name: 'Schemes of Dr Sipho' })).toContainText('Bestmed');
  await expect(page.locator('body')).not.toContainText(idNumber);
  await expectNoSeriousAxeViolations(page, { what: 'practice page, light' });

  await page.getByRole('textbox', { name: "Practitioner's name" }).fill('Dr Thandi Nkosi');
  await page.getByRole('textbox', { name: 'Their e-mail address' }).fill(address('thandi'));
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(list.getByText('1 of 4 done.')).toBeVisible();
  await waitForMail(address('thandi'), 'invitation=');

  const johan = list.getByRole('listitem').filter({ hasText: 'Dr Johan' }).first();
  await johan.getByRole('button', { name: 'Withdraw' }).click();
  await expect(johan.getByText('Withdrawn')).toBeVisible();
  await expect(johan.getByRole('button', { name: 'Send a new link' })).toBeVisible();

  await page.getByRole('button', { name: /dark/i }).first().click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectNoSeriousAxeViolations(page, { what: 'practice page, dark' });
});

test('a practice link that opens nothing says so', async ({ page }) => {
  await page.goto('/practice?token=not-a-practice-link');
  await appReady(page);
  await expect(
    page.getByText('Practice not found. Please open the link from the e-mail we sent you.'),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page, { what: 'practice not found' });
});
