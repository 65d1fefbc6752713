// Established and new practice, from the first step to the tracking page, with real uploads
// of generated PDF, JPEG and PNG files.
import { expect, type Page, test } from '@playwright/test';
import type { TrackingResponse } from '../schema/tracking-api.ts';
import { expectNoSeriousAxeViolations } from './axe-check.ts';
import { isUploadPut, removeStoredUpload } from './stored-uploads.ts';
import {
  acceptTerms,
  attach,
  choosePracticeType,
  chooseScheme,
  continueTo,
  ESTABLISHED_PAGES,
  expectUploaded,
  fillContact,
  fillPracticeDetails,
  makeJpeg,
  makePdf,
  makePng,
  PRACTITIONER,
  section,
  showPage,
  toastSays,
} from './wizard-helpers.ts';

// A R1,500 phone's screen: the journeys go through the question pages as a GP's would.
test.use({ viewport: { width: 360, height: 740 } });

async function submitAndTrack(page: Page): Promise<TrackingResponse> {
  await acceptTerms(page);
  await expect(page.getByText('All required sections complete')).toBeVisible();
  const submit = page.getByRole('button', { name: 'Submit Application' });
  await expect(submit).toHaveAttribute('aria-disabled', 'false');
  await submit.click();
  await page.waitForURL(/\/track\?token=[\w-]{20,}/);
  await toastSays(page, 'Application Submitted');
  const token = new URL(page.url()).searchParams.get('token')!;
  const response = await page.request.get(`/api/submissions/${token}`);
  expect(response.status()).toBe(200);
  const view = (await response.json()) as TrackingResponse;
  // The first view after Submit confirms it: the reference and where the link was e-mailed.
  const sent = page.getByRole('region', { name: 'Application sent' });
  await expect(sent).toContainText(`Your reference is ${view.submission.reference}.`);
  await expect(sent).toContainText(
    `We have e-mailed your tracking link to ${view.practitioner.email}.`,
  );
  return view;
}

test('an established practice applies and reaches its tracking page', async ({ page }) => {
  await page.goto('/');
  await choosePracticeType(page, 'Established Practice');
  // Page by page with Continue, each page checked on the way.
  await fillContact(page);
  await continueTo(page, 'Practice details');
  await fillPracticeDetails(page);
  await continueTo(page, 'Medical aid schemes');
  await page.getByPlaceholder('Search schemes or administrators...').fill('Bankmed');
  await page.getByRole('checkbox', { name: 'Bankmed', exact: true }).check();
  await page.getByPlaceholder('Search schemes or administrators...').fill('');
  await page.getByRole('checkbox', { name: 'Medihelp', exact: true }).check();
  await continueTo(page, 'Contract preferences');
  await page.getByRole('checkbox', { name: 'Keep my existing medical aid contracts' }).check();
  await continueTo(page, 'Documents');

  // The main button opens the inline uploader; the camera input takes pictures only.
  const bhf = section(page, 'BHF Practice Details Form');
  await expect(bhf.getByText('Required', { exact: true }).first()).toBeVisible();
  await bhf.getByRole('button', { name: 'Upload BHF Practice Details Form' }).click();
  await expect(bhf.getByText(/use the camera on your phone/)).toBeVisible();
  await expect(bhf.locator('input[capture="environment"]')).toHaveAttribute('accept', 'image/jpeg');
  await attach(page, 'BHF Practice Details Form', {
    name: 'bhf-form.pdf',
    mimeType: 'application/pdf',
    buffer: makePdf('BHF'),
  });
  await bhf.getByRole('button', { name: 'Close Uploader' }).click();
  await attach(page, 'Certified ID Copy', {
    name: 'id-photo.jpg',
    mimeType: 'image/jpeg',
    buffer: await makeJpeg(page, 800, 600),
  });
  await attach(page, 'Proof of Banking Details', {
    name: 'bank-letter.png',
    mimeType: 'image/png',
    buffer: makePng(),
  });
  await attach(page, 'Discovery Health Application Pack', {
    name: 'discovery-pack.pdf',
    mimeType: 'application/pdf',
    buffer: makePdf('Pack'),
  });
  for (const label of [
    'BHF Practice Details Form',
    'Certified ID Copy',
    'Proof of Banking Details',
    'Discovery Health Application Pack',
  ]) {
    await expectUploaded(page, label);
  }
  await expect(section(page, 'Certified ID Copy').getByText(/\d+\.\d\d MB/)).toBeVisible();
  await expect(
    section(page, 'Proof of Banking Details').getByText(/certified hard copy/),
  ).toBeVisible();
  await expect(page.getByText('3 of 3 required sections complete')).toBeVisible();
  await continueTo(page, 'Notes and consent');
  await acceptTerms(page);
  await continueTo(page, 'Check your answers');
  const answers = page.getByRole('region', { name: 'Check your answers' });
  await expect(answers.getByText('Bankmed', { exact: true })).toBeVisible();
  await expect(answers.getByText('Medihelp', { exact: true }).first()).toBeVisible();

  const view = await submitAndTrack(page);
  expect(view.practitioner).toMatchObject({
    firstName: PRACTITIONER.firstName,
    lastName: PRACTITIONER.lastName,
  });
  expect(view.submission).toMatchObject({
    practiceType: 'established',
    practiceNumber: '1234567',
    selectedParents: ['discovery', 'medihelp'],
    selectedSchemes: ['bankmed', 'medihelp'],
    contractPreferences: { keep: true, review: false, cancel: false, learnMore: false },
  });
  expect(view.documents.map((d) => d.sectionKey).sort()).toEqual([
    'bank_proof',
    'bhf_form',
    'certified_id',
    'discovery_pack',
  ]);

  // The draft and its files are gone from the device.
  await page.goto('/');
  await expect(page.getByRole('radio', { name: /Established Practice/ })).not.toBeChecked();
});

test('a new practice applies and reaches its tracking page', async ({ page }) => {
  await page.goto('/');
  await choosePracticeType(page, 'New Practice');
  await fillContact(page, { ...PRACTITIONER, idNumber: '', email: 'new.practice@example.co.za' });
  await expect(page.getByLabel('Practice Number (PCNS)')).toHaveCount(0);
  await continueTo(page, 'Medical aid schemes');
  await chooseScheme(page, 'Bestmed');
  await continueTo(page, 'Additional preferences');
  await page
    .getByRole('checkbox', {
      name: 'I need help with contract negotiations with medical aid schemes',
    })
    .check();
  const files = {
    'Certified ID Copy': { name: 'id.pdf', mimeType: 'application/pdf', buffer: makePdf('ID') },
    'Proof of Address': { name: 'address.png', mimeType: 'image/png', buffer: makePng(40, 30) },
    'HPCSA Registration Certificate': {
      name: 'hpcsa.jpg',
      mimeType: 'image/jpeg',
      buffer: await makeJpeg(page, 640, 480),
    },
    'Practice Number': { name: 'pcns.pdf', mimeType: 'application/pdf', buffer: makePdf('PCNS') },
    'Professional Indemnity Cover': {
      name: 'indemnity.pdf',
      mimeType: 'application/pdf',
      buffer: makePdf('Cover'),
    },
    'Proof of Banking Details': {
      name: 'bank.pdf',
      mimeType: 'application/pdf',
      buffer: makePdf(),
    },
  };
  await continueTo(page, 'Documents');
  await expect(page.getByText('6 section(s) remaining')).toBeVisible();
  for (const [label, file] of Object.entries(files)) await attach(page, label, file);
  for (const label of Object.keys(files)) await expectUploaded(page, label);
  await continueTo(page, 'Notes and consent');
  await page.getByLabel('Additional Notes').fill('We open in March.');

  const view = await submitAndTrack(page);
  expect(view.submission).toMatchObject({
    practiceType: 'new',
    interestedInContracts: true,
    selectedSchemes: ['bestmed'],
    additionalNotes: 'We open in March.',
  });
  expect(view.documents).toHaveLength(6);
});

test('refused files get a visible message', async ({ page }) => {
  await page.goto('/');
  await choosePracticeType(page, 'New Practice');
  const card = section(page, 'Certified ID Copy');
  await attach(page, 'Certified ID Copy', {
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  await expect(
    card.getByText('"notes.txt" cannot be used here: only PDF, JPG, PNG files are accepted.'),
  ).toBeVisible();
  await attach(page, 'Certified ID Copy', {
    name: 'IMG_0001.HEIC',
    mimeType: 'image/heic',
    buffer: Buffer.from('not really a heic'),
  });
  await expect(card.getByText(/HEIC photos cannot be read by this browser/)).toBeVisible();
  await expect(card.getByText('No file yet')).toBeVisible();
});

test('a photo that cannot be read is read again on Try again, never sent as it was', async ({
  page,
}) => {
  await page.goto('/');
  await choosePracticeType(page, 'New Practice');
  const puts: string[] = [];
  page.on('request', (r) => {
    if (isUploadPut(r)) puts.push(r.url());
  });
  const card = section(page, 'Certified ID Copy');
  await attach(page, 'Certified ID Copy', {
    name: 'broken.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('this is not a JPEG at all'),
  });
  const broken = card.locator('li', { hasText: 'broken.jpg' });
  await expect(broken.getByText(/This image could not be read/)).toBeVisible({ timeout: 20_000 });
  await expect(broken.getByText('Action Needed')).toBeVisible();
  await broken.getByRole('button', { name: 'Try broken.jpg again' }).click();
  await expect(broken.getByText(/This image could not be read/)).toBeVisible({ timeout: 20_000 });
  // A good file in the same section goes up; the broken one, earlier in the queue, did not.
  await attach(page, 'Certified ID Copy', {
    name: 'id.pdf',
    mimeType: 'application/pdf',
    buffer: makePdf('ID'),
  });
  await expect(card.locator('li', { hasText: 'id.pdf' }).getByText('Uploaded')).toBeVisible({
    timeout: 30_000,
  });
  expect(puts).toHaveLength(1);
  await expect(broken.getByText(/This image could not be read/)).toBeVisible();
});

test("files of the other practice type's sections are kept, but not shown or counted", async ({
  page,
}) => {
  await page.goto('/');
  await choosePracticeType(page, 'Established Practice');
  await attach(page, 'BHF Practice Details Form', {
    name: 'bhf.pdf',
    mimeType: 'application/pdf',
    buffer: makePdf('BHF'),
  });
  await attach(page, 'Certified ID Copy', {
    name: 'id.pdf',
    mimeType: 'application/pdf',
    buffer: makePdf('ID'),
  });
  await expectUploaded(page, 'BHF Practice Details Form');
  await expectUploaded(page, 'Certified ID Copy');
  await expect(page.getByText('2 file(s) added')).toBeVisible();
  await expect(page.getByText('2 of 3 required sections complete')).toBeVisible();

  await showPage(page, 'Practice type');
  await page.getByRole('radio', { name: /New Practice/ }).check();
  await showPage(page, 'Documents');
  await expect(section(page, 'BHF Practice Details Form')).toHaveCount(0);
  await expect(page.getByText('1 file(s) added', { exact: true })).toBeVisible();
  await expect(
    page.getByText(
      '1 file(s) added for the other practice type are kept on this device but are not part of this application.',
    ),
  ).toBeVisible();
  await expect(page.getByText('1 of 6 required sections complete')).toBeVisible();
  await expect(page.getByText('5 section(s) remaining')).toBeVisible();

  // Switching back brings them back.
  await showPage(page, 'Practice type');
  await page.getByRole('radio', { name: /Established Practice/ }).check();
  await expectUploaded(page, 'BHF Practice Details Form');
  await expect(section(page, 'BHF Practice Details Form').getByText('bhf.pdf')).toBeVisible();
  await expect(page.getByText('2 file(s) added')).toBeVisible();
  await expect(page.getByText(/for the other practice type/)).toHaveCount(0);
});

test('an upload the server lost is sent again from the device, with no action', async ({
  page,
}) => {
  await page.goto('/');
  await choosePracticeType(page, 'New Practice');
  await fillContact(page, { ...PRACTITIONER, idNumber: '', email: 'lost.upload@example.co.za' });
  await chooseScheme(page, 'Medihelp');
  const puts: string[] = [];
  page.on('request', (r) => {
    if (isUploadPut(r)) puts.push(r.url());
  });
  const labels = [
    'Certified ID Copy',
    'Proof of Address',
    'HPCSA Registration Certificate',
    'Practice Number',
    'Professional Indemnity Cover',
    'Proof of Banking Details',
  ];
  for (const label of labels) {
    await attach(page, label, {
      name: `${label}.pdf`,
      mimeType: 'application/pdf',
      buffer: makePdf(label),
    });
  }
  for (const label of labels) await expectUploaded(page, label);
  expect(puts).toHaveLength(6);

  // The server's cleanup removed one upload (as it does after 24 hours).
  await removeStoredUpload(puts[0]!);

  // Counted across the context: the answer to the first submit says the upload is missing, and
  // the send after the file has gone up again may be the page's or the service worker's (the
  // outbox is sent by whichever holds it first); either way it carries the same key.
  const posts: string[] = [];
  page.context().on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/submissions')) {
      posts.push(r.headers()['idempotency-key'] ?? '');
    }
  });
  const view = await submitAndTrack(page);
  expect(view.documents).toHaveLength(6);
  expect(puts).toHaveLength(7);
  expect(posts).toHaveLength(2);
  expect(posts[0]).toBe(posts[1]);
});

for (const theme of ['light', 'dark'] as const) {
  test(`no page of the wizard has serious accessibility violations (${theme})`, async ({
    page,
  }) => {
    // Eight axe runs, one per page.
    test.setTimeout(180_000);
    await page.goto('/');
    if (theme === 'dark') {
      await page.evaluate(() => document.documentElement.classList.add('dark'));
    }
    await choosePracticeType(page, 'Established Practice');
    // Problems shown: the error summary and the marked fields are checked too.
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeFocused();
    await chooseScheme(page, 'Discovery Health');
    await attach(page, 'Certified ID Copy', {
      name: 'id.pdf',
      mimeType: 'application/pdf',
      buffer: makePdf(),
    });
    await expectUploaded(page, 'Certified ID Copy');
    for (const name of ESTABLISHED_PAGES) {
      await showPage(page, name);
      await expectNoSeriousAxeViolations(page, { what: name });
    }
  });
}
