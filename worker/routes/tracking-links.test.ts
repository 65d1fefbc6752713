// 'I lost my tracking link': the same answer for any address; a mail with the links only for a
// known one; limited per client and per address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions } from '../../schema/db.ts';
import { TRACKING_LINKS_MESSAGE } from '../../schema/notify-api.ts';
import { requestTrackingLinks } from '../services/tracking/tracking-links.ts';
import { submitApplication } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { mailFiles, mailTo, waitForMailTo } from '../testing/mail-files.ts';
import { changedTables, tableStates } from '../testing/row-counts.ts';
import { created } from '../testing/submission-requests.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LOOKUP_RATE_LIMIT: '5' } });
});
afterAll(() => t.dispose());

const ask = (email: string, client = 'links-client') =>
  t.request('/api/tracking-links', {
    method: 'POST',
    json: { email },
    client,
  });

describe('POST /api/tracking-links', () => {
  it('answers the same for an unknown address and mails nothing', async () => {
    const res = await ask('nobody@example.co.za', 'client-a');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: TRACKING_LINKS_MESSAGE });
    // The look-up runs after the answer: waited for, not guessed at with a delay.
    await t.settled();
    expect(await mailTo(t, 'nobody@example.co.za')).toEqual([]);
  });

  it('does the same work for a known and an unknown address until it has answered', async () => {
    const { response } = await submitApplication(t);
    await created(response);
    await t.settled();
    const known = (await mailFiles(t)).length;
    const [email] = (await t.deps.db.select({ email: submissions.email }).from(submissions)).map(
      (s) => s.email,
    );
    // What happens before the route answers: the same tables change, and
    // nothing is looked up or mailed, whether or not the address has applications.
    const untilAnswered = async (address: string, client: string) => {
      const start = await tableStates(t.deps.db);
      const result = await requestTrackingLinks(t.deps, address, client);
      const changed = changedTables(start, await tableStates(t.deps.db));
      expect((await mailFiles(t)).length).toBe(known);
      if (result.outcome !== 'accepted') throw new Error('limited');
      return { changed, start: result.start };
    };
    const forKnown = await untilAnswered(email!, 'even-a');
    const forUnknown = await untilAnswered('stranger.unknown@example.co.za', 'even-b');
    expect(forKnown.changed).toEqual(['rate_limits']);
    expect(forUnknown.changed).toEqual(forKnown.changed);
    // After the answer the look-up runs: only the known address gets mail.
    await forUnknown.start();
    expect((await mailFiles(t)).length).toBe(known);
    await forKnown.start();
    expect((await mailTo(t, email!)).some((m) => m.eml.includes('your tracking links'))).toBe(true);
  });

  it('mails the links of every application made with a known address', async () => {
    const first = await submitApplication(t);
    const email = first.payload.practitioner.email.toLowerCase();
    const second = await submitApplication(t, { practitioner: { email } });
    const tokens = [
      (await created(first.response)).trackingToken,
      (await created(second.response)).trackingToken,
    ];
    const receipts = (await waitForMailTo(t, email, 2)).length;

    const res = await ask(email.toUpperCase(), 'client-b');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: TRACKING_LINKS_MESSAGE });
    const mails = await waitForMailTo(t, email, receipts + 1);
    const links = mails.find((m) =>
      m.eml.includes('Subject: Medical Billing Bureau: your tracking links'),
    );
    expect(links).toBeDefined();
    for (const token of tokens) {
      expect(links!.text).toContain(`http://localhost:8787/track?token=${token}`);
    }
  });

  it('limits each address and each client, with a 429 that names no address', async () => {
    for (let i = 0; i < 3; i++)
      expect((await ask('limited@example.co.za', `c${i}`)).status).toBe(200);
    const limited = await ask('limited@example.co.za', 'c-new');
    expect(limited.status).toBe(429);
    const body = await limited.json();
    expect(body.error.message).toBe(
      'Too many requests for tracking links. Please try again in 15 minutes.',
    );
    expect(JSON.stringify(body)).not.toContain('limited@');
    expect(limited.headers.get('Retry-After')).toBeTruthy();

    for (let i = 0; i < 5; i++) expect((await ask(`a${i}@example.co.za`, 'busy')).status).toBe(200);
    expect((await ask('a9@example.co.za', 'busy')).status).toBe(429);
    expect((await ask('not-an-address', 'other')).status).toBe(400);
  });
});
