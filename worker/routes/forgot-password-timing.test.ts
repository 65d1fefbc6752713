// Finding 9: a forgot-password request does the same database work before its answer for a
// real account as for an unknown e-mail; the real account's writes come after the answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets } from '../../schema/db.ts';
import type { Database } from '../db.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { addStaff } from '../testing/staff-fixtures.ts';

let t: TestApp;
let realDb: Database;
const calls: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await addStaff(t, 'real@bureau.co.za', 'a long enough password 1');
  realDb = t.deps.db;
  // Every statement any service starts, by kind (routes read deps.db on each call).
  t.deps.db = new Proxy(realDb, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (['select', 'insert', 'update', 'delete', 'batch', 'run'].includes(String(name)))
          calls.push(String(name));
        return value.apply(target, args);
      };
    },
  });
});
afterAll(() => t.dispose());

async function statementsBeforeAnswer(email: string, client: string): Promise<string[]> {
  calls.length = 0;
  const res = await t.request('/api/auth/forgot-password', {
    method: 'POST',
    json: { email },
    client,
  });
  expect(res.status).toBe(200);
  const before = [...calls];
  await t.settled();
  return before;
}

describe('forgot password timing', () => {
  it('runs the same statements before answering for a real and an unknown account', async () => {
    const unknown = await statementsBeforeAnswer('nobody@bureau.co.za', '10.1.1.1');
    const real = await statementsBeforeAnswer('real@bureau.co.za', '10.1.1.2');
    expect(real).toEqual(unknown);
    // ...and the real account's token is written after the answer.
    expect(await realDb.select().from(passwordResets)).toHaveLength(1);
  });
});
