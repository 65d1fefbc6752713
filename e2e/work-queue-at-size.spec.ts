// The work queue at size (issue 40): with 600 open enrolments made before it, an enrolment of a
// scheme staff added today is still offered by the queue's scheme filter, and the queue pages
// through every open enrolment. The 600 are copies of one application made through the API,
// multiplied in the server's own database file as the bench's growth rows are (the copies are
// older than anything else, so this file runs last: its name sorts after every other spec).
import { createClient } from '@libsql/client';
import { expect, test } from '@playwright/test';
import { multiplyTo, prepareColumns, REAL, type RealApplication } from '../bench/growth-seed.ts';
import { appReady } from './app-ready.ts';
import { expectNoSeriousAxeViolations } from './axe-check.ts';
import { submitApplication } from './dashboard-fixtures.ts';
import { staffApi } from './scheme-form-fixtures.ts';
import { SESSION_COOKIE, staffSession } from './staff-session.ts';

test('with 600 open enrolments the queue offers the newest scheme and pages through them all', async ({
  browser,
  request,
  baseURL,
  playwright,
}) => {
  test.setTimeout(120_000);
  const base = await submitApplication(request, baseURL!, 'Queuebase');
  const db = createClient({ url: `file:${process.env.E2E_DATA_DIR}/portal.db` });
  const [row] = (
    await db.execute({
      sql: 'select id from submissions where tracking_token = ?',
      args: [base.trackingToken],
    })
  ).rows;
  const original = { submissionId: String(row!.id) } as RealApplication;
  await prepareColumns(db);
  // 300 copies of an application with two open enrolments: 600, all older than today's.
  await multiplyTo(db, Array(REAL).fill(original), 1_000_000, 1_000_300, Date.now() - 60_000);
  db.close();

  const staff = await staffApi(playwright, request);
  const label = `Umvoti Health Scheme ${Date.now() % 100_000}`;
  const added = await staff.post('/api/admin/catalogue/schemes', {
    data: {
      label,
      administratorKey: 'discovery',
      requiresHardCopy: false,
      hardCopyNote: 'Unverified',
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  // The answer is the staff's catalogue: the new scheme is the entry with its label.
  const found: { key: string; label: string }[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      const entry = node as { key?: unknown; label?: unknown };
      if (entry.label === label && typeof entry.key === 'string') found.push(entry as never);
      Object.values(node).forEach(walk);
    }
  };
  walk(await added.json());
  const scheme = found[0]!;
  await submitApplication(request, baseURL!, 'Newestscheme', {
    selectedParents: ['discovery'],
    selectedSchemes: [scheme.key],
  });
  await staff.dispose();

  const session = await staffSession(request);
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await desk.addCookies([{ name: SESSION_COOKIE, value: session.value, url: session.origin }]);
  const page = await desk.newPage();
  await page.goto(`${session.origin}/dashboard/queue`);
  await appReady(page);
  await expect(
    page.getByLabel('Scheme', { exact: true }).locator('option', { hasText: label }),
  ).toHaveCount(1);
  await page.getByLabel('Scheme', { exact: true }).selectOption({ label });
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByRole('link', { name: /Newestscheme/ })).toBeVisible();
  // Everyone's view: at least the 600 copies, in pages of 100.
  await page.goto(`${session.origin}/dashboard/queue`);
  await appReady(page);
  await expect(page.getByText(/Page 1 of ([7-9]|\d\d)/)).toBeVisible();
  await expectNoSeriousAxeViolations(page, { what: 'the queue at 600 enrolments' });
  await desk.close();
});
