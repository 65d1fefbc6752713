// In the field (issue 23): the whole application waits on the device for its files, across a
// closed app, and is sent once when the app is opened again online (docs/offline-submit-flow.md).
import { expect, test } from '@playwright/test';
import {
  countSubmissions,
  establishedWithRequiredUploads,
  REQUIRED_FILES,
  submitForToken,
} from './application-helpers.ts';
import { offlineSwitch } from './offline-reload.ts';
import {
  acceptTerms,
  attach,
  choosePracticeType,
  chooseScheme,
  fillContact,
  fillPracticeDetails,
  PRACTITIONER,
  section,
  showPage,
  toastSays,
} from './wizard-helpers.ts';

test('filled and attached offline, asked to send, closed; opened online on / → one application with all its files, no tap', async ({
  page,
  context,
}) => {
  const email = `field.${Date.now()}@example.co.za`;
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The browser's own offline switch, from before the first field.
  await context.setOffline(true);
  await page.reload();
  await choosePracticeType(page, 'Established Practice');
  await fillContact(page, { ...PRACTITIONER, idNumber: '', email });
  await fillPracticeDetails(page);
  await chooseScheme(page, 'Medihelp');
  for (const [label, name, mimeType, bytes] of REQUIRED_FILES)
    await attach(page, label, { name, mimeType, buffer: bytes() });
  for (const [label, name] of REQUIRED_FILES)
    await expect(section(page, label).getByText(name)).toBeVisible();
  await acceptTerms(page);

  // Not ready yet (aria-disabled), but pressable: it says what is missing.
  await page.getByRole('button', { name: 'Submit Application' }).click({ force: true });
  // The spec's guard first, then the offer.
  await toastSays(page, 'Error', 'Please complete all required document uploads before submitting');
  const dialog = page.getByRole('dialog', { name: 'Some files are still uploading' });
  await expect(dialog.getByRole('button', { name: 'Submit without them' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Send it when the files are up' }).click();
  await expect(
    page.getByText(/We will send your application as soon as its files are uploaded/),
  ).toBeVisible();
  await showPage(page, 'Notes and consent');
  await expect(page.getByLabel('Additional Notes')).toBeDisabled();

  // The practitioner closes the app, offline; nothing has reached the server.
  const next = await context.newPage();
  await page.close();
  expect(await countSubmissions(process.env.E2E_DATA_DIR!, email)).toBe(0);

  // Later, online, the app is opened on / and nothing is tapped.
  await context.setOffline(false);
  await next.goto('/');
  await next.waitForURL(/\/track\?token=/, { timeout: 60_000 });
  expect(await countSubmissions(process.env.E2E_DATA_DIR!, email)).toBe(1);
  const token = new URL(next.url()).searchParams.get('token')!;
  const view = await next.evaluate(async (t) => {
    const response = await fetch(`/api/submissions/${t}`);
    return (await response.json()) as { documents: { sectionKey: string }[] };
  }, token);
  expect(view.documents.map((d) => d.sectionKey).sort()).toEqual([
    'bank_proof',
    'bhf_form',
    'certified_id',
  ]);
});

test('a tracking link opened offline after a visit shows the application, and reads itself again when the connection returns', async ({
  page,
  context,
}) => {
  const email = `trackoffline.${Date.now()}@example.co.za`;
  await establishedWithRequiredUploads(page, email);
  const token = await submitForToken(page);
  await expect(page.getByText('You are offline — last updated', { exact: false })).toHaveCount(0);

  // The view is kept on the device once it has been read.
  const keptViews = () =>
    page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('practitioner-device');
          open.onsuccess = () => {
            const keys = open.result.transaction('records').objectStore('records').getAllKeys();
            keys.onsuccess = () =>
              resolve(keys.result.filter((k) => String(k).startsWith('tracking-view:')).length);
          };
        }),
    );
  await expect.poll(keptViews, { timeout: 15_000 }).toBe(1);
  const later = await context.newPage();
  await page.close();
  const offline = await offlineSwitch(later);
  await offline.open(() => later.goto(`/track?token=${token}`));
  await expect(later.getByText(/You are offline — last updated/)).toBeVisible();
  await expect(
    later.getByText('Submission not found. Please check your tracking token.'),
  ).toHaveCount(0);
  await expect(later.getByText('Certified ID Copy').first()).toBeVisible();

  // The connection returns: the page reads itself again, without a tap.
  await later.evaluate(() => {
    (window as { shownOffline?: boolean }).shownOffline = true;
  });
  const reloaded = later.waitForEvent('load', { timeout: 15_000 });
  await offline.backOnline();
  await reloaded;
  expect(await later.evaluate(() => (window as { shownOffline?: boolean }).shownOffline)).toBe(
    undefined,
  );
  await expect(later.getByText('Certified ID Copy').first()).toBeVisible();
  await expect(later.getByText(/You are offline — last updated/)).toHaveCount(0);

  // A token this device never saw still gets the spec's text offline.
  await context.setOffline(true);
  await later.goto('/track?token=never-seen-on-this-device-000000');
  await expect(
    later.getByText('Submission not found. Please check your tracking token.'),
  ).toBeVisible();
  // The test ends offline: going online here would start the page's own reload (it reloads on
  // `online` after an offline 'not found'), racing the context's close, which then hung.
});
