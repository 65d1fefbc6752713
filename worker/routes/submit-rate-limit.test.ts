// SUBMIT_RATE_LIMIT (issue 25): complete applications accepted per client address per hour. The
// next one gets 429 with Retry-After and writes nothing; another address is unaffected; a
// resend of an accepted application (same Application-Id) is answered and not counted; an
// hour later the address may send again. Receipts to one address are limited too.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, submissions } from '../../schema/db.ts';
import { RECEIPTS_PER_RECIPIENT } from '../services/submissions/submissions.ts';
import { buildApplication, postSubmission } from '../testing/fixtures.ts';
import { createTestApp, manualClock, type TestApp } from '../testing/harness.ts';

const LIMIT = 3;
const clock = manualClock(new Date('2026-03-02T09:10:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { SUBMIT_RATE_LIMIT: String(LIMIT) } });
});
afterAll(() => t.dispose());

const send = async (client: string, applicationId = crypto.randomUUID()) => {
  const payload = await buildApplication(t);
  const res = await postSubmission(t, payload, { 'Application-Id': applicationId }, client);
  return { res, payload, applicationId };
};

describe('POST /api/submissions: SUBMIT_RATE_LIMIT', () => {
  it('refuses the (N+1)th complete application of an hour from one address with 429 and Retry-After', async () => {
    const office = '198.51.100.7';
    const accepted = [];
    for (let i = 0; i < LIMIT; i++) {
      const sent = await send(office);
      expect(sent.res.status).toBe(201);
      accepted.push(sent);
    }
    // A resend of an accepted application is answered again and not counted.
    const first = accepted[0]!;
    const resend = await postSubmission(
      t,
      first.payload,
      { 'Application-Id': first.applicationId },
      office,
    );
    expect(resend.status).toBe(201);

    const before = await t.deps.db.$count(submissions);
    const over = await send(office);
    expect(over.res.status).toBe(429);
    expect((await over.res.json()).error.code).toBe('too_many_submissions');
    const retryAfter = Number(over.res.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await t.deps.db.$count(submissions)).toBe(before);

    // Another address is not affected.
    expect((await send('203.0.113.50')).res.status).toBe(201);

    // Once Retry-After has passed, the office sends again (its refused application too).
    clock.advance(retryAfter * 1000);
    const again = await postSubmission(
      t,
      over.payload,
      { 'Application-Id': over.applicationId },
      office,
    );
    expect(again.status).toBe(201);
  });
});

describe('receipts per recipient', () => {
  it('mails at most RECEIPTS_PER_RECIPIENT receipts an hour to one address, whoever sends', async () => {
    const target = 'victim@example.co.za';
    const statuses: number[] = [];
    for (let i = 0; i <= RECEIPTS_PER_RECIPIENT; i++) {
      const payload = await buildApplication(t, { practitioner: { email: target } });
      const res = await postSubmission(t, payload, {}, `192.0.2.${i + 1}`);
      statuses.push(res.status);
    }
    // Every application is accepted; only the receipts stop.
    expect(statuses.every((s) => s === 201)).toBe(true);
    await t.settled();
    const receipts = await t.deps.db.$count(mailOutbox, eq(mailOutbox.to, target));
    expect(receipts).toBe(RECEIPTS_PER_RECIPIENT);
  });
});

describe('receipts and the client limit, counted together', () => {
  it('an application refused by the client limit uses up none of the address’s receipts', async () => {
    const address = 'practice.manager@example.co.za';
    const sendTo = async (client: string) => {
      const payload = await buildApplication(t, { practitioner: { email: address } });
      return (await postSubmission(t, payload, {}, client)).status;
    };
    const office = '198.51.100.99';
    for (let i = 0; i < LIMIT; i++) expect(await sendTo(office)).toBe(201);
    for (let i = 0; i < 5; i++) expect(await sendTo(office)).toBe(429);
    // The rest of the hour's receipts go to applications from other connections.
    for (let i = LIMIT; i < RECEIPTS_PER_RECIPIENT; i++) {
      expect(await sendTo(`203.0.113.${i + 100}`)).toBe(201);
    }
    await t.settled();
    expect(await t.deps.db.$count(mailOutbox, eq(mailOutbox.to, address))).toBe(
      RECEIPTS_PER_RECIPIENT,
    );
  });
});
