// Where time goes (decision 088), in the browser: 200 applications with known times to two
// schemes' outcomes are written into the server's database (an outcome time cannot be set
// through the API: it is the moment of the change), under scheme keys of this run only, so
// other journeys' outcomes on the same server do not move the figures. The page's chart is
// drawn and its table shows the median and 90th percentile worked out by hand below. The
// work queue and the insights page are axe-clean in both themes.
import { createClient } from '@libsql/client';
import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe-check.ts';
import { signIn, useTheme } from './dashboard-fixtures.ts';

test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

const DAY_MS = 24 * 60 * 60_000;

/** Two schemes of this run: A answers after 10 + (i mod 40) days, B after 5 + 2·(i mod 20). */
async function seedOutcomes(run: string) {
  const db = createClient({ url: `file:${process.env.E2E_DATA_DIR}/portal.db` });
  const practitionerId = crypto.randomUUID();
  const created = Date.UTC(2026, 0, 5);
  await db.execute({
    sql: `insert into practitioners (id, first_name, last_name, email, phone, specialization, created_at, updated_at)
      values (?, 'Insight', ?, ?, '0821234567', 'General Practitioner', ?, ?)`,
    args: [practitionerId, `Times${run}`, `times-${run}@example.co.za`, created, created],
  });
  const statements = [];
  for (let i = 0; i < 200; i++) {
    const submissionId = crypto.randomUUID();
    const submitted = created + i * 6 * 60 * 60_000;
    statements.push({
      sql: `insert into submissions (id, practitioner_id, tracking_token, first_name, last_name, email,
        phone, specialization, practice_type, status, selected_parents, selected_schemes, created_at, updated_at)
        values (?, ?, ?, 'Insight', ?, ?, '0821234567', 'General Practitioner', 'established',
        'under_review', '[]', ?, ?, ?)`,
      args: [
        submissionId,
        practitionerId,
        `trk${crypto.randomUUID().replace(/-/g, '')}`,
        `Times${run}`,
        `times-${run}@example.co.za`,
        JSON.stringify([`times_a_${run}`, `times_b_${run}`]),
        submitted,
        submitted,
      ],
    });
    for (const [key, name, status, days] of [
      [`times_a_${run}`, `Times A ${run}`, 'approved', 10 + (i % 40)],
      [`times_b_${run}`, `Times B ${run}`, 'rejected', 5 + 2 * (i % 20)],
    ] as const) {
      const outcome = submitted + days * DAY_MS;
      statements.push({
        sql: `insert into medical_aid_statuses (id, submission_id, scheme_key, medical_aid_name, status,
          last_updated, outcome_at) values (?, ?, ?, ?, ?, ?, ?)`,
        args: [crypto.randomUUID(), submissionId, key, name, status, outcome, outcome],
      });
    }
  }
  await db.batch(statements, 'write');
  db.close();
}

test('the chart of 200 known outcomes shows the median and 90th percentile worked out by hand', async ({
  page,
  baseURL,
}) => {
  const run = Date.now().toString(36).slice(-5);
  await seedOutcomes(run);
  await signIn(page, baseURL!);
  await page.goto('/dashboard/insights');
  await expect(page.getByRole('heading', { level: 1, name: 'Where time goes' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Days from submission to outcome, per scheme' });
  // By hand (sorted, interpolating between neighbours at (n−1)·p = 99.5 and 179.1):
  // A: 10…49 five times each; positions 99/100 hold 29 and 30 → median 29.5;
  //    positions 179/180 hold 45 and 46 → 45 + 0.1·1 = 45.1.
  // B: 5…43 by 2, ten times each; positions 99/100 hold 23 and 25 → 24;
  //    positions 179/180 hold 39 and 41 → 39 + 0.1·2 = 39.2.
  for (const [name, median, p90] of [
    [`Times A ${run}`, '29.5', '45.1'],
    [`Times B ${run}`, '24', '39.2'],
  ]) {
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
    await expect(row.getByRole('cell')).toHaveText(['200', median!, p90!]);
  }
  // The chart is drawn from the same figures: its canvas holds bars in both series' colours.
  const chart = page.getByRole('img', { name: /median and 90th percentile days per scheme/ });
  await expect(chart.locator('canvas')).toHaveCount(1);
  const colours = await chart.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    const seen = new Set<string>();
    for (let i = 0; i < data.length; i += 4) seen.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
    return [...seen];
  });
  // #0f766e (median) and #b45309 (90th percentile).
  expect(colours).toContain('15,118,110');
  expect(colours).toContain('180,83,9');
  await expect(chart.getByText('Median')).toBeVisible();
  await expect(chart.getByText('90th percentile')).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the work queue and where time goes are axe-clean (${theme})`, async ({ page, baseURL }) => {
    await useTheme(page, theme);
    await signIn(page, baseURL!);
    for (const view of ['', '?view=mine', '?view=waiting']) {
      await page.goto(`/dashboard/queue${view}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Work queue' })).toBeVisible();
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
      await expectNoSeriousAxeViolations(page);
    }
    await page.goto('/dashboard/insights');
    await expect(page.getByRole('heading', { level: 1, name: 'Where time goes' })).toBeVisible();
    await expect(page.locator('canvas').first()).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
}
