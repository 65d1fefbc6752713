import { expect, test } from '@playwright/test';
import { appReady } from './app-ready.ts';

const FOOTER_SENTENCE =
  'Protected by POPIA compliance standards. Your data is encrypted and stored securely.';

test.describe('shell', () => {
  test('the mobile menu holds the header links and closes on navigation and Escape', async ({
    page,
  }) => {
    await page.goto('/legal');
    await appReady(page);
    const menu = page.getByRole('button', { name: 'Open menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Track' })).toBeHidden();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    await menu.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    for (const [name, href] of [
      ['Home', '/'],
      ['Track', '/track'],
      ['Legal', '/legal'],
      ['Login', '/dashboard/login'],
    ]) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href!);
    }
    await expect(nav.getByRole('link', { name: 'Legal', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // Signed out: no Dashboard link, no Logout button.
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    await expect(nav.getByRole('button', { name: 'Logout' })).toHaveCount(0);

    await nav.getByRole('link', { name: 'Track', exact: true }).click();
    await expect(page).toHaveURL(/\/track$/);
    await expect(nav.getByRole('link', { name: 'Track', exact: true })).toBeHidden();

    // The link of the page already shown closes the menu too, though the path stays the same.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await nav.getByRole('link', { name: 'Track', exact: true }).click();
    await expect(page).toHaveURL(/\/track$/);
    await expect(nav.getByRole('link', { name: 'Track', exact: true })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );

    await page.getByRole('button', { name: 'Open menu' }).click();
    await nav.getByRole('link', { name: 'Home', exact: true }).focus();
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  test('touch targets in the header are at least 44 px', async ({ page }) => {
    await page.goto('/track');
    await appReady(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const targets = page.locator('header a:visible, header button:visible');
    const count = await targets.count();
    expect(count).toBeGreaterThanOrEqual(6);
    for (let i = 0; i < count; i++) {
      const box = await targets.nth(i).boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
      expect(box?.width).toBeGreaterThanOrEqual(44);
    }
  });

  test('the theme toggles, persists under the key theme and applies before the app loads', async ({
    page,
  }) => {
    await page.goto('/track');
    await appReady(page);
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(html).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    await page.reload();
    await expect(html).toHaveClass(/dark/);
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();

    // No flash: with the app's scripts blocked, the page is already dark.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    await page.unroute('**/assets/*.js');

    await page.reload();
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(html).not.toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await page.reload();
    await expect(html).not.toHaveClass(/dark/);
  });

  test('the footer shows the sentence, links, support e-mail, postal address and disclaimer', async ({
    page,
    request,
  }) => {
    const config = await (await request.get('/api/config')).json();
    await page.goto('/track');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(FOOTER_SENTENCE);
    await expect(footer.getByRole('link', { name: 'Terms & POPIA' })).toHaveAttribute(
      'href',
      '/legal',
    );

    const support = footer.getByRole('link', { name: 'Support', exact: true });
    const href = (await support.getAttribute('href')) ?? '';
    const mail = new URL(href);
    expect(mail.protocol).toBe('mailto:');
    expect(mail.pathname).toBe(config.supportEmail);
    expect(mail.searchParams.get('subject')).toBe('Support Request');
    expect(mail.searchParams.get('body')).toContain('Practice name:');
    expect(mail.searchParams.get('body')).toContain('PCNS/ID number:');
    expect(mail.searchParams.get('body')).toContain('Details:');

    await expect(footer.getByRole('link', { name: config.supportEmail })).toBeVisible();
    for (const line of config.postalAddress as string[]) {
      await expect(footer.locator('address')).toContainText(line);
    }
    await expect(footer).toContainText(
      `${config.bureauName} cannot guarantee scheme approvals, timeframes or reimbursement.`,
    );
    await expect(footer).toContainText(
      'accepts no liability for scheme decisions, practitioner errors or third-party outages.',
    );
  });

  test.describe('without a service worker', () => {
    // Without one (first visit, or a browser without service workers) the page's own cache
    // must carry the details; with one, the worker's runtime cache serves /api/config too.
    test.use({ serviceWorkers: 'block' });

    test('the footer keeps the public configuration for offline visits', async ({ page }) => {
      await page.goto('/track');
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('public-config')))
        .toContain('supportEmail');
      // A later visit whose config call fails still shows the cached details.
      await page.evaluate(() =>
        localStorage.setItem(
          'public-config',
          JSON.stringify({
            supportEmail: 'cached@bureau.test',
            bureauName: 'Cached Bureau',
            postalAddress: ['PO Box 42', 'Durban'],
          }),
        ),
      );
      await page.route('**/api/config', (route) => route.abort('internetdisconnected'));
      await page.reload();
      await expect(page.getByRole('contentinfo')).toContainText('cached@bureau.test');
      await expect(page.getByRole('contentinfo')).toContainText('PO Box 42');
    });
  });

  test('an unknown path shows the 404 page inside the shell', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(FOOTER_SENTENCE);
    await expect(page).toHaveTitle('404 Page Not Found · Practitioner Onboarding');

    // Also when reached from another page, whose title it replaces.
    await page.goto('/legal');
    await expect(page).toHaveTitle('Terms & POPIA · Practitioner Onboarding');
    await page.evaluate(() => {
      history.pushState({}, '', '/no/such/page');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page).toHaveTitle('404 Page Not Found · Practitioner Onboarding');
  });

  test('the skip link moves focus to the main content', async ({ page }) => {
    await page.goto('/legal');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });

  test('no page scrolls sideways at 360 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/', '/track', '/track/lookup', '/legal', '/nowhere']) {
      await page.goto(path);
      await expect(page.getByRole('contentinfo')).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });

  test('the public pages come styled in one response: no stylesheet fetched, nothing the CSP refuses', async ({
    page,
  }) => {
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refusals.push(message.text());
    });
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
    });
    for (const path of ['/', '/track', '/track/lookup', '/legal']) {
      await page.goto(path);
      await appReady(page);
      // Styled by the page's own styles: the header is sticky before any other file arrives.
      await expect(page.locator('header').first()).toHaveCSS('position', 'sticky');
    }
    // A lazily loaded page of the wizard does not fetch the stylesheet the page already holds.
    await page.goto('/');
    await appReady(page);
    await page.getByRole('radio', { name: /New Practice/ }).check();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Step 2: Contact Information' })).toBeVisible();
    expect(stylesheets).toEqual([]);
    expect(refusals).toEqual([]);
  });
});
