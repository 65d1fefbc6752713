// A hydrated page keeps the ids of the HTML it was sent, and React does not correct them: an id
// React holds that differs from the element's leaves every later reference to it (a label's
// for, a tab's aria-controls, a field's aria-describedby once an error shows) pointing nowhere.
// On each page the server sends rendered (the pre-rendered public pages, the 404 page, a
// tracking link on the Node entry), after the app has taken over and after a tab is chosen,
// every element's id is the one React holds and every reference names an element that exists.
import { expect, type Page, test } from '@playwright/test';
import { appReady } from './app-ready.ts';
import { seedEstablished } from './track-seed.ts';

const REFERENCES = ['for', 'aria-controls', 'aria-labelledby', 'aria-describedby'];

/** What disagrees on the page: ids React holds otherwise, references to no element. */
function disagreements(page: Page): Promise<string[]> {
  return page.evaluate((references) => {
    const found: string[] = [];
    for (const element of document.querySelectorAll('#root *')) {
      const propsKey = Object.keys(element).find((key) => key.startsWith('__reactProps'));
      const props = propsKey
        ? (element as unknown as Record<string, { id?: unknown; htmlFor?: unknown }>)[propsKey]
        : undefined;
      const described = `<${element.tagName.toLowerCase()} id="${element.id}">`;
      if (typeof props?.id === 'string' && props.id !== element.id) {
        found.push(`${described}: React holds id "${props.id}"`);
      }
      if (typeof props?.htmlFor === 'string' && props.htmlFor !== element.getAttribute('for')) {
        found.push(`${described}: React holds for="${props.htmlFor}"`);
      }
      for (const name of references) {
        for (const id of (element.getAttribute(name) ?? '').split(/\s+/).filter(Boolean)) {
          if (!document.getElementById(id)) found.push(`${described} ${name}="${id}": no such id`);
        }
      }
    }
    return found;
  }, REFERENCES);
}

async function expectIdsAgree(page: Page, path: string) {
  await page.goto(path);
  await appReady(page);
  // Effects after hydration (React Aria registering a tab's panel) have run.
  await expect(page.locator('#root [aria-controls], #root label[for]').first()).toBeAttached();
  expect(await disagreements(page), path).toEqual([]);
}

test.describe('pages the server sends rendered, once the app has them', () => {
  for (const path of ['/', '/track', '/legal', '/no/such/page']) {
    test(`${path}: every id is React's and every reference exists`, async ({ page }) => {
      await expectIdsAgree(page, path);
    });
  }

  test('the lookup: the same, and after the other tab is chosen and an empty check', async ({
    page,
  }) => {
    await expectIdsAgree(page, '/track/lookup');
    await page.getByRole('tab', { name: 'SA ID Number' }).click();
    await page.getByRole('button', { name: 'Check Status' }).click();
    await expect(page.getByText('Please enter your identifier')).toBeVisible();
    expect(await disagreements(page)).toEqual([]);
  });

  test('a tracking link: the same, and after another tab is chosen', async ({ page, request }) => {
    const { token } = await seedEstablished(request);
    await expectIdsAgree(page, `/track?token=${token}`);
    const tabs = page.getByRole('tab');
    await tabs.nth((await tabs.count()) - 1).click();
    expect(await disagreements(page)).toEqual([]);
  });
});
