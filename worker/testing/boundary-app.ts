// The app the boundary tests (authorization properties, request fuzzing) throw requests at:
// no rate limit in the way, practitioner notices sent at once (so settled() does not wait out
// the delay), a staff member, one seeded submission, and the catalogue already seeded on its
// first read (decision 072), so that read is not counted as a write of a tested request.
import type { Clock } from '../ports.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { addStaff, type SeededSubmission, seedSubmission } from './staff-fixtures.ts';

export async function boundaryTestApp(
  clock: Clock,
): Promise<{ t: TestApp; seeded: SeededSubmission }> {
  const many = '1000000';
  const t = await createTestApp({
    clock,
    env: {
      LOGIN_RATE_LIMIT: many,
      LOOKUP_RATE_LIMIT: many,
      UPLOAD_RATE_LIMIT: many,
      SUBMIT_RATE_LIMIT: many,
      NOTIFY_DELAY_SECONDS: '0',
    },
  });
  await addStaff(t);
  const seeded = await seedSubmission(t);
  await t.request('/api/catalogue');
  return { t, seeded };
}
