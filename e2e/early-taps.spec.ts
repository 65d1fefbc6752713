// A tap always counts (issue 36): a doctor taps as soon as the page shows, while the app is
// still starting on a slow phone. Each tap, at 0, 30, 60 … 600 ms after the load event with the
// CPU slowed 4x, does what it says: before the app starts a link navigates by its href, while
// React hydrates the click is replayed or left to the browser, after it the router answers.
import { type CDPSession, expect, type Page, test } from '@playwright/test';

const DELAYS = Array.from({ length: 21 }, (_, i) => i * 30);

async function slowPhone(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}

/** Opens `path`, waits `delay` ms after its load event, then taps and checks the answer. */
async function tapAfterLoad(
  page: Page,
  path: string,
  delay: number,
  tap: (page: Page) => Promise<void>,
  answered: (page: Page) => Promise<void>,
) {
  await page.goto(path, { waitUntil: 'load' });
  if (delay > 0) await page.waitForTimeout(delay);
  await tap(page);
  await answered(page);
}

/** The same tap at every moment of DELAYS after the load event, on a phone slowed 4x. */
async function tapAtEveryMoment(
  page: Page,
  path: string,
  tap: (page: Page) => Promise<void>,
  answered: (page: Page) => Promise<void>,
) {
  await slowPhone(page);
  for (const delay of DELAYS) {
    await test.step(`tap ${delay} ms`, () => tapAfterLoad(page, path, delay, tap, answered));
  }
}

const trackShown = async (page: Page) => {
  await expect(page, `at ${page.url()}`).toHaveURL(/\/track$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/track/i);
};

test.describe('a tap in the first 600 ms after load, CPU slowed 4x', () => {
  test.describe.configure({ timeout: 180_000 });

  test("'Track the Process' on / opens /track every time", async ({ page }) => {
    await tapAtEveryMoment(
      page,
      '/',
      (p) => p.getByRole('link', { name: 'Track the Process' }).click(),
      trackShown,
    );
  });

  test("the header's Track opens /track every time", async ({ page }) => {
    await tapAtEveryMoment(
      page,
      '/legal',
      async (p) => {
        await p.getByRole('button', { name: 'Open menu' }).click();
        await p
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: 'Track' })
          .click();
      },
      trackShown,
    );
  });

  test("a wizard page's Continue checks the page every time", async ({ page }) => {
    await tapAtEveryMoment(
      page,
      '/',
      (p) => p.getByRole('button', { name: 'Continue', exact: true }).click(),
      (p) =>
        expect(
          p.getByRole('alert').getByRole('link', { name: 'Please select a practice type' }),
        ).toBeVisible(),
    );
  });
});
