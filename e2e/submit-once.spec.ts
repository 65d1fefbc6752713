// One application per practitioner action, nothing unfinished dropped, a busy server keeps it
// queued, and a draft keeps its uploads for days (decisions 066, 067, 068), on a phone in real
// Chromium against the production build.
import { createClient } from '@libsql/client';
import { type BrowserContext, expect, type Page, type Route, test } from '@playwright/test';
import {
  countSubmissions,
  establishedWithRequiredUploads,
  phoneOnOwnServer,
} from './application-helpers.ts';
import { expectNoSeriousAxeViolations } from './axe-check.ts';
import { acceptTerms, attach, makePdf, section, showPage, toastSays } from './wizard-helpers.ts';

const QUEUED = 'We will send your application when you are back online';

/**
 * Lets the first submission through to the server but loses its answer (the connection drops
 * on the way back), and loses every later attempt (the page's retries, the service worker's
 * Background Sync) until stop(), which answers the first one's tracking token.
 */
async function loseAnswers(context: BrowserContext) {
  let firstToken = '';
  const lose = async (route: Route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    if (!firstToken) {
      const response = await route.fetch();
      firstToken = ((await response.json()) as { trackingToken: string }).trackingToken;
    }
    await route.abort('connectionreset');
  };
  await context.route('**/api/submissions', lose);
  return {
    async stop() {
      await context.unroute('**/api/submissions', lose);
      expect(firstToken).not.toBe('');
      return firstToken;
    },
  };
}

async function documentsOf(page: Page, token: string) {
  const view = (await (await page.request.get(`/api/submissions/${token}`)).json()) as {
    documents: { sectionKey: string; fileName: string }[];
    submission: { additionalNotes: string | null };
  };
  return view;
}

test('an answer lost after the server took it: edited and sent again, no second application; the original token is shown', async ({
  page,
  context,
}) => {
  const email = `lost.answer.${Date.now()}@example.co.za`;
  await establishedWithRequiredUploads(page, email);
  await showPage(page, 'Notes and consent');
  await page.getByLabel('Additional Notes').fill('First version');
  await acceptTerms(page);

  // The first Submit reaches the server, which creates the application; its answer is lost.
  const lost = await loseAnswers(context);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText(QUEUED)).toBeVisible();
  expect(await countSubmissions(process.env.E2E_DATA_DIR!, email)).toBe(1);

  // Taken back, edited and submitted again: refused, with the link to the one that exists.
  await page.getByRole('button', { name: 'Edit application' }).click();
  await toastSays(page, 'Application not sent');
  const firstToken = await lost.stop();
  await showPage(page, 'Notes and consent');
  await page.getByLabel('Additional Notes').fill('Second version');
  const answers: number[] = [];
  page.on('response', (r) => {
    if (r.request().method() === 'POST' && r.url().endsWith('/api/submissions'))
      answers.push(r.status());
  });
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText('This application was already submitted')).toBeVisible();
  const link = page.getByRole('link', { name: 'Open the tracking page' });
  await expect(link).toHaveAttribute('href', `/track?token=${firstToken}`);
  expect(answers).toEqual([409]);
  // Pressed again, it stays one application: nothing is uploaded or submitted anew.
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(link).toBeVisible();
  expect(answers).toEqual([409, 409]);
  expect(await countSubmissions(process.env.E2E_DATA_DIR!, email)).toBe(1);

  await link.click();
  await page.waitForURL(`**/track?token=${firstToken}`);
  const view = await documentsOf(page, firstToken);
  expect(view.submission.additionalNotes).toBe('First version');
});

test('the same application sent again after a lost answer gets the original token', async ({
  page,
  context,
}) => {
  const email = `lost.answer.same.${Date.now()}@example.co.za`;
  await establishedWithRequiredUploads(page, email);
  await acceptTerms(page);
  const lost = await loseAnswers(context);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText(QUEUED)).toBeVisible();
  await page.getByRole('button', { name: 'Edit application' }).click();
  await toastSays(page, 'Application not sent');
  const firstToken = await lost.stop();
  // Its Idempotency-Key expired meanwhile (7 days): only the application id is left.
  const db = createClient({ url: `file:${process.env.E2E_DATA_DIR}/portal.db` });
  await db.execute('delete from idempotency_keys');
  db.close();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await page.waitForURL(`**/track?token=${firstToken}`);
  expect(await countSubmissions(process.env.E2E_DATA_DIR!, email)).toBe(1);
});

test('Submit waits for a page still uploading in an optional section; it is in the submission', async ({
  page,
  context,
}) => {
  const email = `optional.slow.${Date.now()}@example.co.za`;
  await establishedWithRequiredUploads(page, email);
  await acceptTerms(page);

  // A slow link: the optional pack's upload does not get going until released.
  let release = () => {};
  const released = new Promise<void>((done) => {
    release = done;
  });
  await context.route('**/api/objects/upload', async (route) => {
    if (route.request().postData()?.includes('discovery_pack')) await released;
    await route.fallback();
  });
  await attach(page, 'Discovery Health Application Pack', {
    name: 'discovery-pack.pdf',
    mimeType: 'application/pdf',
    buffer: makePdf('Discovery pack'),
  });
  await expect(
    section(page, 'Discovery Health Application Pack').getByText('discovery-pack.pdf'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Submit Application' }).click();
  const dialog = page.getByRole('dialog', { name: 'Some files are still uploading' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveText([
    'discovery-pack.pdf (Discovery Health Application Pack): still uploading',
  ]);
  await expect(dialog.getByRole('button', { name: 'Go back' })).toBeFocused();
  await expectNoSeriousAxeViolations(page, { include: 'dialog' });
  await dialog.getByRole('button', { name: 'Send it when the files are up' }).click();
  await expect(
    page.getByText(/We will send your application as soon as its files are uploaded/),
  ).toBeVisible();
  await showPage(page, 'Notes and consent');
  await expect(page.getByLabel('Additional Notes')).toBeDisabled();
  expect(await countSubmissions(process.env.E2E_DATA_DIR!, email)).toBe(0);

  release();
  await page.waitForURL(/\/track\?token=/, { timeout: 30_000 });
  const token = new URL(page.url()).searchParams.get('token')!;
  const view = await documentsOf(page, token);
  expect(view.documents.map((d) => d.sectionKey).sort()).toEqual([
    'bank_proof',
    'bhf_form',
    'certified_id',
    'discovery_pack',
  ]);
  expect(await countSubmissions(process.env.E2E_DATA_DIR!, email)).toBe(1);
});

test('a busy server (503) keeps the submission queued; it goes later without re-entering anything', async ({
  page,
  context,
}) => {
  const email = `busy.${Date.now()}@example.co.za`;
  await establishedWithRequiredUploads(page, email);
  await acceptTerms(page);
  // Busy for every attempt (the page's and the service worker's) until it is over.
  const busy = (route: Route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 503,
          json: { error: { code: 'unavailable', message: 'The service is busy.' } },
        })
      : route.fallback();
  await context.route('**/api/submissions', busy);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await toastSays(
    page,
    'Submission Failed',
    'There was an error submitting your application. Please try again.',
  );
  await expect(page.getByText(QUEUED)).toBeVisible();
  await showPage(page, 'Notes and consent');
  await expect(page.getByLabel('Additional Notes')).toBeDisabled();
  expect(await countSubmissions(process.env.E2E_DATA_DIR!, email)).toBe(0);
  await context.unroute('**/api/submissions', busy);
  // The page tries again by itself (after 10 s) and reaches the tracking page.
  await page.waitForURL(/\/track\?token=/, { timeout: 30_000 });
  expect(await countSubmissions(process.env.E2E_DATA_DIR!, email)).toBe(1);
});

test('uploads made more than a day before the submission are still used, not sent again', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { killable, context, page, close } = await phoneOnOwnServer(browser);
  try {
    const puts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/api/storage/')) puts.push(r.url());
    });
    const email = `next.sitting.${Date.now()}@example.co.za`;
    // The wizard tells the server its draft is alive once the files are up.
    const kept = page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/objects/keep') &&
        (JSON.parse(r.request().postData() ?? '{}') as { uploads?: string[] }).uploads?.length ===
          3,
      { timeout: 30_000 },
    );
    await establishedWithRequiredUploads(page, email);
    const keptAnswer = await kept;
    expect(keptAnswer.status()).toBe(200);
    expect(((await keptAnswer.json()) as { kept: number }).kept).toBe(3);
    expect(puts).toHaveLength(3);
    await page.close();

    // The practitioner comes back 30 hours later: the server was restarted meanwhile, and its
    // start-up maintenance ran the orphan sweep over uploads now 30 hours old.
    await killable.kill();
    const db = createClient({ url: `file:${killable.dataDir}/portal.db` });
    const hours30 = 30 * 3600_000;
    await db.execute({
      sql: 'update upload_tickets set created_at = created_at - ?, expires_at = expires_at - ?, kept_until = kept_until - ?',
      args: [hours30, hours30, hours30],
    });
    db.close();
    await killable.start();

    const next = await context.newPage();
    next.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/api/storage/')) puts.push(r.url());
    });
    await next.goto('/');
    await expect(next.getByText('All required sections complete')).toBeVisible();
    await acceptTerms(next);
    await next.getByRole('button', { name: 'Submit Application' }).click();
    await next.waitForURL(/\/track\?token=/, { timeout: 30_000 });
    // Nothing was uploaded again.
    expect(puts).toHaveLength(3);
    expect(await countSubmissions(killable.dataDir, email)).toBe(1);
    const token = new URL(next.url()).searchParams.get('token')!;
    expect((await documentsOf(next, token)).documents).toHaveLength(3);
  } finally {
    await close();
  }
});
