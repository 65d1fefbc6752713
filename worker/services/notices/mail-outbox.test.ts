import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../../schema/db.ts';
import { createTestApp, manualClock, type TestApp } from '../../testing/harness.ts';
import {
  deliverOutboxMessage,
  deliverPendingMail,
  MAX_DELIVERY_ATTEMPTS,
  outboxInsert,
  pruneOldMail,
  SENT_MAIL_RETENTION_MS,
} from './mail-outbox.ts';

const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.dispose());

const mailDir = () => join(t.dataDir, 'mail');
async function queue(text: string) {
  const mail = outboxInsert(
    t.deps.db,
    { to: 'staff@bureau.co.za', subject: 'Test', text },
    clock.now(),
  );
  await mail.query;
  return mail.id;
}
async function row(id: string) {
  const [found] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return found;
}

describe('mail outbox', () => {
  it('delivers to an .eml file and blanks the stored body', async () => {
    const id = await queue('secret link https://example/reset?token=abc');
    expect(await deliverOutboxMessage(t.deps, id)).toBe(true);
    const files = await readdir(mailDir());
    expect(files).toHaveLength(1);
    expect(await readFile(join(mailDir(), files[0]!), 'utf8')).toContain('token=abc');
    expect((await row(id))!.text).not.toContain('token=abc');
    // Delivering again sends nothing twice.
    expect(await deliverOutboxMessage(t.deps, id)).toBe(true);
    expect(await readdir(mailDir())).toHaveLength(1);
  });

  it('gives up after the last attempt, dropping the body, and prunes old rows', async () => {
    await rm(mailDir(), { recursive: true, force: true });
    await writeFile(mailDir(), 'not a folder');
    const id = await queue('will never arrive token=def');
    for (let i = 0; i < MAX_DELIVERY_ATTEMPTS + 2; i++) await deliverPendingMail(t.deps);
    const failed = (await row(id))!;
    expect(failed.attempts).toBe(MAX_DELIVERY_ATTEMPTS);
    expect(failed.sentAt).toBeNull();
    expect(failed.lastError).toBeTruthy();
    expect(failed.text).not.toContain('token=def');

    await pruneOldMail(t.deps.db, new Date(clock.now().getTime() + SENT_MAIL_RETENTION_MS - 1));
    expect(await row(id)).toBeDefined();
    await pruneOldMail(t.deps.db, new Date(clock.now().getTime() + SENT_MAIL_RETENTION_MS + 1));
    expect(await t.deps.db.select().from(mailOutbox)).toEqual([]);
    await rm(mailDir());
  });

  it('keeps mail queued, no attempt counted, while no transport is configured', async () => {
    const mailer = t.deps.mailer;
    t.deps.mailer = null;
    try {
      const health = await t.request('/api/health');
      expect(await health.json()).toMatchObject({ mail: 'not_configured' });
      const id = await queue('waiting for a transport token=ghi');
      expect(await deliverOutboxMessage(t.deps, id)).toBe(false);
      for (let i = 0; i < MAX_DELIVERY_ATTEMPTS + 2; i++) {
        expect(await deliverPendingMail(t.deps)).toBe(0);
      }
      expect(await row(id)).toMatchObject({ attempts: 0, lastError: null, sentAt: null });
      expect((await row(id))!.text).toContain('token=ghi');
      t.deps.mailer = mailer;
      expect(await (await t.request('/api/health')).json()).toMatchObject({ mail: 'configured' });
      // Once a transport is there the message goes out with its first attempt.
      expect(await deliverPendingMail(t.deps)).toBe(1);
      expect(await row(id)).toMatchObject({ attempts: 1 });
    } finally {
      t.deps.mailer = mailer;
    }
  });
});
