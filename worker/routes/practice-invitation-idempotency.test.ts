// A manager's phone that never got the answer to "invite this practitioner" (or "send it
// again") asks again with the same Idempotency-Key: the first answer comes back, and the
// practitioner is invited once and mailed once. The key for another request is refused.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../schema/db.ts';
import { practiceInvitations } from '../../schema/db-practices.ts';
import { manualClock } from '../testing/harness.ts';
import { practiceApplication, startPractice } from '../testing/practice-requests.ts';
import { staffSession } from '../testing/staff-requests.ts';

const clock = manualClock(new Date('2026-04-07T07:00:00Z'));
const s = staffSession({ clock, env: { UPLOAD_RATE_LIMIT: '2000' } });
const address = (label: string) => `${label}.${Date.now()}.${Math.random()}@example.co.za`;

describe('invitation calls with an Idempotency-Key', () => {
  it('invite once and mail once when asked again after a lost answer', async () => {
    const t = s.t;
    const manager = await startPractice(t, await practiceApplication(t));
    const email = address('again');
    const invite = (body: unknown, key: string) =>
      t.request(`/api/practices/${manager}/invitations`, {
        method: 'POST',
        json: body,
        headers: { 'Idempotency-Key': key },
      });
    const mailsTo = async (to: string) =>
      (await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).length;
    const key = crypto.randomUUID();
    const first = await invite({ name: 'Dr Again', email }, key);
    expect(first.status, await first.clone().text()).toBe(201);
    const { invitationId } = (await first.json()) as { invitationId: string };

    const again = await invite({ name: 'Dr Again', email }, key);
    expect(again.status, await again.clone().text()).toBe(201);
    expect(await again.json()).toEqual({ invitationId });
    const rows = await t.deps.db
      .select()
      .from(practiceInvitations)
      .where(eq(practiceInvitations.email, email));
    expect(rows).toHaveLength(1);
    expect(await mailsTo(email)).toBe(1);

    const other = await invite({ name: 'Dr Other', email: address('other') }, key);
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ error: { code: 'idempotency_key_reused' } });

    // Sending it again: the same key twice is one new link and one mail.
    const resend = (resendKey: string) =>
      t.request(`/api/practices/${manager}/invitations/${invitationId}/resend`, {
        method: 'POST',
        headers: { 'Idempotency-Key': resendKey },
      });
    const resendKey = crypto.randomUUID();
    expect((await resend(resendKey)).status).toBe(200);
    expect((await resend(resendKey)).status).toBe(200);
    expect(await mailsTo(email)).toBe(2);
    const [row] = await t.deps.db
      .select({ sendCount: practiceInvitations.sendCount })
      .from(practiceInvitations)
      .where(eq(practiceInvitations.id, invitationId));
    expect(row!.sendCount).toBe(2);
    // A new press of "Send again" (a new key) sends again.
    expect((await resend(crypto.randomUUID())).status).toBe(200);
    expect(await mailsTo(email)).toBe(3);
  });
});
