import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { appReady } from './app-ready.ts';

test.describe('terms page', () => {
  test('shows the title, date, version, introduction, twelve sections and closing', async ({
    page,
  }) => {
    await page.goto('/legal');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Terms & Conditions and POPIA Consent' }),
    ).toBeVisible();
    await expect(page.getByText('Last updated: 19 January 2025 · Version 1.0.0')).toBeVisible();
    const terms = page.getByRole('region', { name: 'Terms and conditions text' });
    await expect(terms.getByRole('heading', { level: 2 })).toHaveCount(12);
    await expect(terms).toContainText('These Terms & Conditions ("Terms") govern');
    await expect(terms).toContainText('Please keep a copy of these Terms for your records.');
    // The scroll area is 96 units (24rem = 384 px) high.
    const box = await terms.boundingBox();
    expect(Math.round(box?.height ?? 0)).toBe(384);
    await expect(page).toHaveTitle(/Terms & POPIA/);
  });

  test('the table of contents scrolls the terms to a section', async ({ page }) => {
    await page.goto('/legal');
    const terms = page.getByRole('region', { name: 'Terms and conditions text' });
    const heading = terms.getByRole('heading', { name: '11. Governing Law' });
    await expect(heading).not.toBeInViewport();
    expect(await terms.evaluate((el) => el.scrollTop)).toBe(0);

    await page
      .getByRole('navigation', { name: 'Table of contents' })
      .getByRole('link', { name: '11. Governing Law' })
      .click();
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    await expect.poll(() => terms.evaluate((el) => el.scrollTop)).toBeGreaterThan(1000);
  });

  test('search highlights matches and leaves out sections without them', async ({ page }) => {
    await page.goto('/legal');
    await appReady(page);
    const terms = page.getByRole('region', { name: 'Terms and conditions text' });
    const search = page.getByRole('searchbox', { name: 'Search within terms' });

    await search.fill('non-refundable');
    await expect(page.getByRole('status').filter({ hasText: 'match' })).toHaveText(
      /^\d+ match(es)? in \d+ sections?$/,
    );
    await expect(terms.locator('mark').first()).toHaveText(/non-refundable/i);
    await expect(terms.getByRole('heading', { name: '8. Fees and Payment' })).toBeVisible();
    await expect(terms.getByRole('heading', { name: '1. Purpose of this Service' })).toHaveCount(0);
    const toc = page.getByRole('navigation', { name: 'Table of contents' });
    await expect(toc.getByRole('link', { name: '8. Fees and Payment' })).toBeVisible();
    await expect(toc.getByRole('link', { name: '1. Purpose of this Service' })).toHaveCount(0);

    await search.fill('7 years');
    await expect(
      terms.getByRole('heading', { name: /Protection of Personal Information/ }),
    ).toBeVisible();

    await search.fill('zebra crossing');
    await expect(page.getByText('No matches for "zebra crossing"')).toBeVisible();
    await expect(terms.getByRole('heading', { level: 2 })).toHaveCount(0);

    await search.fill('');
    await expect(terms.getByRole('heading', { level: 2 })).toHaveCount(12);
    await expect(terms.locator('mark')).toHaveCount(0);
  });

  test('Print / Save as PDF prints with the print stylesheet', async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed++;
      };
    });
    await page.goto('/legal');
    await appReady(page);
    await page.getByRole('button', { name: 'Print / Save as PDF' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    const printFooter = page.getByText("Printed copy for the practitioner's records");
    await expect(printFooter).toBeHidden();
    await page.emulateMedia({ media: 'print' });
    await expect(printFooter).toBeVisible();
    await expect(page.locator('header').first()).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print / Save as PDF' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Table of contents' })).toBeHidden();
    // The whole text prints, not just the scroll area's 384 px.
    const terms = page.getByRole('region', { name: 'Terms and conditions text' });
    expect((await terms.boundingBox())?.height ?? 0).toBeGreaterThan(2000);
  });

  test('the consent card opens the terms in a new tab', async ({ page }) => {
    await page.goto('/legal');
    const link = page.getByRole('link', { name: /Open the terms in a new tab/ });
    await expect(link).toHaveAttribute('href', '/legal');
    await expect(link).toHaveAttribute('target', '_blank');
    const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await expect(
      popup.getByRole('heading', { name: 'Terms & Conditions and POPIA Consent' }),
    ).toBeVisible();
    await popup.close();
  });

  test('the terms text is not part of the first load of /', async () => {
    // The same reading of the build as the bundle budget: the entry, its static imports and
    // the / route's chunk.
    const dist = 'dist/web';
    const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string; isEntry?: boolean; imports?: string[] }
    >;
    const initial = new Set<string>();
    const visit = (key: string) => {
      if (initial.has(key)) return;
      initial.add(key);
      for (const i of manifest[key]?.imports ?? []) visit(i);
    };
    for (const [key, chunk] of Object.entries(manifest)) {
      if (chunk.isEntry || /routes\/index\.tsx/.test(key)) visit(key);
    }
    const text = (key: string) => readFileSync(join(dist, manifest[key]!.file), 'utf8');
    const marker = 'Printed copy for the practitioner';
    expect(Object.keys(manifest).some((key) => text(key).includes(marker))).toBe(true);
    expect([...initial].filter((key) => text(key).includes(marker))).toEqual([]);
  });
});
