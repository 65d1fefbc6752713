// The wizard's question pages on a 360 × 740 phone (decision 097): Back and reload keep the
// page and the answers, Submit on an empty form lists every problem at once and the list
// stays, and no focused control is hidden under the sticky header or footer.
import { expect, type Page, test } from '@playwright/test';
import {
  choosePracticeType,
  ESTABLISHED_PAGES,
  openFooter,
  showPage,
  toastSays,
} from './wizard-helpers.ts';

test.use({ viewport: { width: 360, height: 740 } });

const current = (page: Page) =>
  page.getByRole('navigation', { name: 'Application pages' }).locator('[aria-current="step"]');

test('Submit on an otherwise empty form lists consent, fields and documents at once, and the list stays', async ({
  page,
}) => {
  await page.goto('/');
  await choosePracticeType(page, 'Established Practice');
  // Before a try nothing is an error: an empty field left is not marked.
  await page.getByLabel('First Name').focus();
  await page.getByLabel('Last Name').focus();
  await expect(page.getByLabel('First Name')).not.toHaveAttribute('aria-invalid');

  await page.getByRole('button', { name: 'Submit Application' }).click({ force: true });
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toBeFocused();
  // The spec's guard toast still fires, first of its order.
  await toastSays(page, 'Error', 'Please accept the POPIA consent');
  for (const problem of [
    'First name is required',
    'Last name is required',
    'Enter a valid email address',
    'BHF Practice Details Form: No file yet',
    'Certified ID Copy: No file yet',
    'Proof of Banking Details: No file yet',
    'Please accept the POPIA consent',
  ])
    await expect(summary.getByRole('link', { name: problem })).toBeVisible();
  // The fields of this page are marked too.
  await expect(page.getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true');
  await openFooter(page);
  const footer = page.getByRole('region', { name: 'Application status' });
  await expect(footer.getByText('3 section(s) remaining')).toBeVisible();
  await expect(
    footer.getByText(/^Also missing: first name, last name, .*, consent$/),
  ).toBeVisible();

  // The toast goes after 5 s; the summary is still there 10 s after Submit.
  const toast = page.getByRole('alertdialog', { name: 'Notification', exact: true });
  await expect(toast).toBeHidden({ timeout: 8_000 });
  await page.waitForTimeout(4_000);
  await expect(summary).toBeVisible();

  // Its links reach the field on its own page; fixing a problem takes it off the list.
  await summary.getByRole('link', { name: 'Please accept the POPIA consent' }).click();
  await expect(current(page)).toHaveText(/Notes and consent$/);
  const consent = page.getByRole('checkbox', { name: /I have read and accept/ });
  await expect(consent).toBeFocused();
  await consent.check();
  await expect(summary.getByRole('link', { name: 'Please accept the POPIA consent' })).toHaveCount(
    0,
  );
  await summary.getByRole('link', { name: 'BHF Practice Details Form: No file yet' }).click();
  await expect(page.getByRole('region', { name: 'BHF Practice Details Form' })).toBeFocused();
  await expect(
    page
      .getByRole('region', { name: 'BHF Practice Details Form' })
      .getByText('Required', { exact: true })
      .last(),
  ).toBeVisible();
});

test('Continue checks the page, Skip moves on; browser Back and a reload keep the page and the answers', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(
    page.getByRole('alert').getByRole('link', { name: 'Please select a practice type' }),
  ).toBeVisible();
  await choosePracticeType(page, 'New Practice');
  await expect(current(page)).toHaveText('2. Contact information');
  await expect(page.getByText('Page 2 of 7')).toBeVisible();

  await page.getByLabel('First Name').fill('Thandi');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link', { name: 'Last name is required' })).toBeVisible();
  await expect(current(page)).toHaveText('2. Contact information');
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(current(page)).toHaveText('3. Medical aid schemes');
  await expect(summary).toHaveCount(0);

  await page.goBack();
  await expect(current(page)).toHaveText('2. Contact information');
  await expect(page.getByLabel('First Name')).toHaveValue('Thandi');
  await page.reload();
  await expect(page).toHaveURL(/\?step=contact$/);
  await expect(page.getByRole('heading', { name: 'Step 2: Contact Information' })).toBeVisible();
  await expect(page.getByLabel('First Name')).toHaveValue('Thandi');
  await page.goForward();
  await expect(current(page)).toHaveText('3. Medical aid schemes');

  // The skipped problems come back on check your answers.
  await showPage(page, 'Check your answers');
  const answers = page.getByRole('region', { name: 'Check your answers' });
  await expect(answers.getByText('Last name is required')).toBeVisible();
  await answers.getByRole('link', { name: 'Change contact information' }).click();
  await expect(current(page)).toHaveText('2. Contact information');
});

test('tabbing through every page leaves no focused control under the sticky header or footer', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await choosePracticeType(page, 'Established Practice');
  // Problems shown: the error summary and the marked fields take room too.
  await page.getByRole('button', { name: 'Submit Application' }).click({ force: true });
  for (const name of ESTABLISHED_PAGES) {
    await showPage(page, name);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('h1').click();
    let stops = 0;
    for (; stops < 200; stops++) {
      await page.keyboard.press('Tab');
      const seen = await page.evaluate(() => {
        const active = document.activeElement as HTMLElement | null;
        if (!active || active === document.body) return { done: true, hidden: null };
        const footer = document.querySelector('[aria-label="Application status"]')!;
        const header = document.querySelector('header')!;
        if (footer.contains(active)) return { done: true, hidden: null };
        if (header.contains(active)) return { done: false, hidden: null };
        const box = active.getBoundingClientRect();
        const top = header.getBoundingClientRect().bottom;
        const bottom = footer.getBoundingClientRect().top;
        const hidden = box.top < top - 1 || box.bottom > bottom + 1;
        return {
          done: false,
          hidden: hidden
            ? `${active.tagName} "${(active.getAttribute('aria-label') ?? active.textContent ?? '').trim().slice(0, 40)}" at ${Math.round(box.top)}–${Math.round(box.bottom)}, clear between ${Math.round(top)} and ${Math.round(bottom)}`
            : null,
        };
      });
      expect(seen.hidden, `${name}, stop ${stops + 1}`).toBeNull();
      if (seen.done) break;
    }
    expect(stops, `${name} has focus stops`).toBeGreaterThan(0);
  }
});
