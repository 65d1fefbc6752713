// Re-attestation's reads walk their indexes of the last confirmation (decision 129): the
// maintenance run only the profiles not asked since, the desk's list the lapsed ones oldest
// first, neither reading every profile nor sorting them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { queryPlan } from '../../testing/query-plan.ts';
import { lapsedQuery } from './attestation.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

describe('the reads of re-attestation', () => {
  it('walk the last confirmation by index, the run only the profiles not asked since', async () => {
    const now = new Date('2026-11-29T08:00:00Z');
    const run = await queryPlan(t.deps.db, lapsedQuery(t.deps, 120, now, true).limit(100));
    expect(run[0]).toMatch(
      /SEARCH practitioner_profiles USING INDEX practitioner_profiles_unasked_idx/,
    );
    const desk = await queryPlan(t.deps.db, lapsedQuery(t.deps, 120, now).limit(500));
    expect(desk[0]).toMatch(
      /SEARCH practitioner_profiles USING INDEX practitioner_profiles_confirmed_idx/,
    );
    expect([...run, ...desk].join('\n')).not.toMatch(/TEMP B-TREE|SCAN practitioner_profiles/);
  });
});
