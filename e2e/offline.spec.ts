// Offline-first PWA (docs/offline-submit-flow.md): drafts survive reloads, the app opens offline from the service
// worker's precache, and Chromium finds it installable.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, devices, expect, type Page, test } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { reloadOffline } from './offline-reload.ts';
import {
  acceptTerms,
  choosePracticeType,
  chooseScheme,
  draftSaved,
  fillContact,
  fillPracticeDetails,
  PRACTITIONER,
  showPage,
} from './wizard-helpers.ts';

async function serviceWorkerControls(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload();
  }
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);
}

/** After a reload: the page it was on (notes and consent), then every answer on its page. */
async function expectDraftKept(page: Page) {
  await expect(page).toHaveURL(/step=notes-consent/);
  await expect(page.getByLabel('Additional Notes')).toHaveValue('Please call after 14:00.');
  await expect(page.getByText('Consent recorded.')).toBeVisible();
  await showPage(page, 'Practice type');
  await expect(page.getByRole('radio', { name: /Established Practice/ })).toBeChecked();
  await showPage(page, 'Contact information');
  await expect(page.getByLabel('First Name')).toHaveValue(PRACTITIONER.firstName);
  await expect(page.getByLabel('SA ID Number')).toHaveValue(PRACTITIONER.idNumber);
  await expect(page.getByLabel('Phone')).toHaveValue(PRACTITIONER.phone);
  await showPage(page, 'Practice details');
  await expect(page.getByLabel('Practice Number (PCNS)')).toHaveValue('1234567');
  await showPage(page, 'Medical aid schemes');
  await expect(page.getByRole('checkbox', { name: 'Medihelp', exact: true })).toBeChecked();
  await showPage(page, 'Contract preferences');
  await expect(page.getByRole('checkbox', { name: 'Review my existing contracts' })).toBeChecked();
}

async function fillDraft(page: Page) {
  await choosePracticeType(page, 'Established Practice');
  await fillContact(page);
  await fillPracticeDetails(page);
  await chooseScheme(page, 'Medihelp');
  await showPage(page, 'Contract preferences');
  await page.getByRole('checkbox', { name: 'Review my existing contracts' }).check();
  await showPage(page, 'Notes and consent');
  await page.getByLabel('Additional Notes').fill('Please call after 14:00.');
  await acceptTerms(page);
  // Once the consent shows, its change is being saved: only then can 'Draft saved' mean it.
  await expect(page.getByText('Consent recorded.')).toBeVisible();
  await draftSaved(page);
}

test('(1) everything typed is kept across a reload, encrypted on the device', async ({ page }) => {
  await page.goto('/');
  await fillDraft(page);
  await page.reload();
  await expectDraftKept(page);

  // At rest the draft is AES-GCM ciphertext: the ID number is nowhere in IndexedDB in clear.
  const stored = await page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('practitioner-device');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('records').objectStore('records').getAll();
          request.onsuccess = () =>
            resolve(
              request.result
                .map((v: unknown) =>
                  v && typeof v === 'object' && 'data' in v
                    ? new TextDecoder().decode((v as { data: ArrayBuffer }).data)
                    : String(v),
                )
                .join('\n'),
            );
        };
      }),
  );
  expect(stored.length).toBeGreaterThan(0);
  expect(stored).not.toContain(PRACTITIONER.idNumber);
  expect(stored).not.toContain(PRACTITIONER.email);

  // 'Start over' asks first, then clears everything.
  await page.getByRole('button', { name: 'Start over' }).click();
  await page.getByRole('button', { name: 'No, keep my application' }).click();
  await expect(page.getByRole('checkbox', { name: 'Review my existing contracts' })).toBeChecked();
  await page.getByRole('button', { name: 'Start over' }).click();
  await page.getByRole('button', { name: 'Yes, clear everything' }).click();
  await expect(page.getByRole('radio', { name: /Established Practice/ })).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('radio', { name: /Established Practice/ })).not.toBeChecked();
  await expect(page.getByLabel('First Name')).toHaveCount(0);
});

test('(2) offline, a reload opens the wizard with everything kept', async ({ page }) => {
  await page.goto('/');
  await serviceWorkerControls(page);
  await fillDraft(page);
  const backOnline = await reloadOffline(page);
  await expect(page.getByText('You are offline.')).toBeVisible();
  await expectDraftKept(page);
  // Every public route opens offline from the precache (navigation fallback).
  for (const path of ['/track', '/track/lookup', '/legal']) {
    const response = await page.goto(path);
    expect(response?.fromServiceWorker(), path).toBe(true);
    await expect(page.locator('#root')).not.toBeEmpty();
  }
  // The banner lies above the header, not over it: its menu still opens and goes somewhere.
  await expect(page.getByText('You are offline.')).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click({ timeout: 5_000 });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Track' }).click();
  await expect(page).toHaveURL(/\/track$/);
  await backOnline();
});

test('Chromium finds the app installable', async ({ baseURL }) => {
  // Installability is never granted to incognito-like contexts: use a real profile.
  const profile = mkdtempSync(join(tmpdir(), 'portal-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...devices['Pixel 7'],
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/' });
    expect(
      manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`),
    ).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a draft left unused for more than 30 days is wiped at the next start', async ({ page }) => {
  await page.goto('/');
  await fillDraft(page);
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('practitioner-device');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('records', 'readwrite');
          tx.objectStore('records').put(Date.now() - 31 * 24 * 60 * 60 * 1000, 'last-used');
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
  await page.reload();
  await expect(page.getByRole('radio', { name: /Established Practice/ })).not.toBeChecked();
  await expect(page.getByLabel('First Name')).toHaveCount(0);
});
