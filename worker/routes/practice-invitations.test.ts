// Invitations of a practice (issue 39, decision 120): they expire, can be re-sent (the old
// link dies) or withdrawn, one address and one practice can be mailed only so often, each
// invitation makes one submission, and the practitioner's part stays theirs. Deleting one
// practitioner's submission (the spec's cascade) leaves the practice's documents.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { practiceDocuments, practices } from '../../schema/db-practices.ts';
import { uploadDocument } from '../testing/fixtures.ts';
import { manualClock } from '../testing/harness.ts';
import { mailTo } from '../testing/mail-files.ts';
import {
  invitationTokensFor,
  invitePractitioner,
  ownPart,
  practiceApplication,
  sendOwnPart,
  startPractice,
} from '../testing/practice-requests.ts';
import { staffSession } from '../testing/staff-requests.ts';
import { created, track } from '../testing/submission-requests.ts';

const clock = manualClock(new Date('2026-04-06T07:00:00Z'));
const s = staffSession({ clock, env: { UPLOAD_RATE_LIMIT: '2000' } });
const address = (label: string) => `${label}.${Date.now()}.${Math.random()}@example.co.za`;

describe('invitations of a practice', () => {
  it('re-sends with a new link (the old one dies), withdraws, and expires after 14 days', async () => {
    const t = s.t;
    const manager = await startPractice(t, await practiceApplication(t));
    const email = address('resend');
    const { invitationId, token } = await invitePractitioner(t, manager, { name: 'Dr R', email });

    const resent = await t.request(`/api/practices/${manager}/invitations/${invitationId}/resend`, {
      method: 'POST',
    });
    expect(resent.status).toBe(200);
    const fresh = (await invitationTokensFor(t, email, 2)).find((each) => each !== token)!;
    expect(fresh).toBeDefined();
    expect((await t.request(`/api/practice-invitations/${token}`)).status).toBe(404);
    expect((await t.request(`/api/practice-invitations/${fresh}`)).status).toBe(200);

    const withdrawn = await t.request(`/api/practices/${manager}/invitations/${invitationId}`, {
      method: 'DELETE',
    });
    expect(withdrawn.status).toBe(200);
    const gone = await t.request(`/api/practice-invitations/${fresh}`);
    expect(gone.status).toBe(404);
    expect((await gone.json()).error.message).toContain('Ask your practice manager');
    const view = await (await t.request(`/api/practices/${manager}`)).json();
    expect(view.practitioners.map((p: { state: string }) => p.state)).toEqual(['withdrawn']);

    const late = address('late');
    const expiring = await invitePractitioner(t, manager, { name: 'Dr L', email: late });
    clock.advance(14 * 24 * 60 * 60_000 + 1000);
    expect((await t.request(`/api/practice-invitations/${expiring.token}`)).status).toBe(404);
    const after = await (await t.request(`/api/practices/${manager}`)).json();
    const stateOf = (name: string) =>
      after.practitioners.find((p: { name: string }) => p.name === name).state;
    expect([stateOf('Dr R'), stateOf('Dr L')]).toEqual(['withdrawn', 'expired']);
    await s.signInAgain();
  });

  it('mails one address at most 3 times a day and a practice at most 20 invitations an hour', async () => {
    const t = s.t;
    const manager = await startPractice(t, await practiceApplication(t));
    const email = address('often');
    const { invitationId } = await invitePractitioner(t, manager, { name: 'Dr O', email });
    const resend = () =>
      t.request(`/api/practices/${manager}/invitations/${invitationId}/resend`, { method: 'POST' });
    expect((await resend()).status).toBe(200);
    expect((await resend()).status).toBe(200);
    const refused = await resend();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBeTruthy();
    await t.settled();
    expect(await mailTo(t, email)).toHaveLength(3);

    const other = await startPractice(t, await practiceApplication(t));
    const answers: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await t.request(`/api/practices/${other}/invitations`, {
        method: 'POST',
        json: { name: `Dr ${i}`, email: address(`bulk${i}`) },
      });
      answers.push(res.status);
    }
    expect(answers.filter((status) => status === 201)).toHaveLength(20);
    expect(answers.at(-1)).toBe(429);
  });

  it("keeps the practitioner's part theirs: their address, their sections, the practice's schemes, one submission", async () => {
    const t = s.t;
    const manager = await startPractice(t, await practiceApplication(t));
    const email = address('own');
    const { token } = await invitePractitioner(t, manager, { name: 'Dr Own', email });

    const otherAddress = await sendOwnPart(t, token, await ownPart(t, address('someone-else')));
    expect(otherAddress.status).toBe(400);
    expect((await otherAddress.json()).error.fields).toHaveProperty('practitioner.email');

    const practiceDocument = await sendOwnPart(
      t,
      token,
      await ownPart(t, email, {
        documents: [await uploadDocument(t, 'certified_id'), await uploadDocument(t, 'bank_proof')],
      }),
    );
    expect(practiceDocument.status).toBe(400);
    expect((await practiceDocument.json()).error.fields).toHaveProperty('documents.1');

    const extraScheme = await sendOwnPart(
      t,
      token,
      await ownPart(t, email, { selectedSchemes: ['medihelp'] }),
    );
    expect(extraScheme.status).toBe(400);

    const missingOwn = await sendOwnPart(t, token, await ownPart(t, email, { documents: [] }));
    expect(missingOwn.status).toBe(400);
    expect((await missingOwn.json()).error.fields).toHaveProperty('sections.certified_id');

    const key = { 'Idempotency-Key': crypto.randomUUID() };
    const part = await ownPart(t, email);
    const sent = await created(await sendOwnPart(t, token, part, key));
    // The outbox's resend gets the same answer; a second application through it is refused.
    const again = await sendOwnPart(t, token, part, key);
    expect(again.status).toBe(201);
    expect((await again.json()).trackingToken).toBe(sent.trackingToken);
    const second = await sendOwnPart(t, token, await ownPart(t, email));
    expect(second.status).toBe(409);
    expect((await second.json()).error.code).toBe('invitation_submitted');
    const resend = await t.request(
      `/api/practices/${manager}/invitations/${(await (await t.request(`/api/practices/${manager}`)).json()).practitioners[0].invitationId}/resend`,
      { method: 'POST' },
    );
    expect(resend.status).toBe(409);
  });

  it("deleting one practitioner's submission leaves the practice's documents and the other's copies", async () => {
    const t = s.t;
    // An earlier test moved the clock past the session's idle limit.
    await s.signInAgain();
    const manager = await startPractice(t, await practiceApplication(t));
    const tokens: string[] = [];
    for (const label of ['keep', 'delete']) {
      const email = address(label);
      const { token } = await invitePractitioner(t, manager, { name: `Dr ${label}`, email });
      tokens.push(
        (await created(await sendOwnPart(t, token, await ownPart(t, email)))).trackingToken,
      );
    }
    const [kept, deleted] = await Promise.all(tokens.map((token) => track(t, token)));
    const deletion = await s.request(`/api/admin/submissions/${deleted!.submission.id}`, {
      method: 'DELETE',
    });
    expect(deletion.status).toBe(200);

    const [practice] = await t.deps.db.select().from(practices).limit(1000);
    expect(practice).toBeDefined();
    const shared = await t.deps.db
      .select({ objectKey: practiceDocuments.objectKey })
      .from(practiceDocuments)
      .innerJoin(practices, eq(practices.id, practiceDocuments.practiceId));
    for (const { objectKey } of shared) expect(await t.deps.store.head(objectKey)).not.toBeNull();
    const keptDetail = await s.detail(kept!.submission.id);
    expect(keptDetail.documents).toHaveLength(3);
    const view = await (await t.request(`/api/practices/${manager}`)).json();
    expect(view.practitioners.map((p: { state: string }) => p.state).sort()).toEqual([
      'invited',
      'submitted',
    ]);
  });
});
