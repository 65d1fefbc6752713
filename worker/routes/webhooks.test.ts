// Webhooks to the billing system (issue 40, decision 122), from HTTP over real libSQL, to a real
// receiver on 127.0.0.1 that verifies each request with the standardwebhooks library: events
// reach it signed, failures are retried with backoff under the same webhook-id, replays repeat
// the id, approvals carry each enrolment's own provider number, and private addresses are
// refused unless configured. Only Date is faked: the library checks the timestamp against it.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { securityEvents, webhookEndpoints } from '../../schema/db.ts';
import {
  WEBHOOK_PAYLOADS,
  type WebhookDeliveryList,
  type WebhookEndpointCreated,
  type WebhookEventType,
} from '../../schema/webhooks-api.ts';
import { runMaintenance, runWebhookRound } from '../services/maintenance/maintenance.ts';
import { withWorkBudget } from '../services/work-budget/work-budget.ts';
import { submitApplication } from '../testing/fixtures.ts';
import { mailFiles } from '../testing/mail-files.ts';
import { seedSubmission } from '../testing/staff-fixtures.ts';
import { staffSession } from '../testing/staff-requests.ts';
import { startWebhookReceiver } from '../testing/webhook-receiver.ts';

vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

const staff = staffSession({
  env: { WEBHOOKS_ALLOW_PRIVATE_NETWORK: 'true', STAFF_NOTIFY_EMAIL: 'desk@bureau.co.za' },
});
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

// Each test revokes its endpoint; after a failure too, so one failure does not spoil the next
// (the receiver checks with the newest endpoint's secret only).
afterEach(async () => {
  const res = await staff.request('/api/admin/webhooks/endpoints');
  const { endpoints } = (await res.json()) as {
    endpoints: { id: string; revokedAt: string | null }[];
  };
  for (const e of endpoints.filter((e) => !e.revokedAt)) await revoke(e.id);
  receiver.clearAnswers();
});

const EVENTS = ['application.submitted', 'enrolment.status_changed', 'application.deleted'];

async function addEndpoint(events = EVENTS, url = receiver.url) {
  const res = await staff.request('/api/admin/webhooks/endpoints', {
    method: 'POST',
    json: { url, description: 'Billing system', events },
  });
  expect(res.status).toBe(201);
  const created: WebhookEndpointCreated = await res.json();
  receiver.verifyWith(created.secret);
  return created;
}

const revoke = (id: string) =>
  staff.request(`/api/admin/webhooks/endpoints/${id}`, { method: 'DELETE' });

async function deliveries(endpointId: string) {
  const res = await staff.request(`/api/admin/webhooks/deliveries?endpointId=${endpointId}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as WebhookDeliveryList).deliveries;
}

const approve = (submissionId: string, statusId: string, providerNumber: string) =>
  staff.request(`/api/admin/submissions/${submissionId}/schemes/${statusId}`, {
    method: 'PATCH',
    json: {
      status: 'approved',
      reason: 'provider_number_issued',
      providerNumber,
      effectiveDate: '2026-12-01',
    },
  });

/** What the receiver got since `from`, each of them verified. */
function verifiedSince(from: number) {
  const got = receiver.received.slice(from);
  for (const r of got) {
    expect(r.verified, `webhook ${r.webhookId} verifies`).not.toBeNull();
    // What is sent is what the OpenAPI document describes, not a field more.
    const type = r.verified!.type as WebhookEventType;
    expect(WEBHOOK_PAYLOADS[type].parse(r.verified)).toEqual(r.verified);
  }
  return got;
}

describe('webhooks to a receiver', () => {
  it('sends a submitted application, signed, in the first run, with what billing needs only', async () => {
    const { endpoint } = await addEndpoint();
    const from = receiver.received.length;
    const { payload, response } = await submitApplication(staff.t);
    expect(response.status).toBe(201);
    expect(receiver.received.length).toBe(from); // nothing leaves before the run

    await runWebhookRound(withWorkBudget(staff.t.deps));
    const [got] = verifiedSince(from);
    expect(got!.verified!.type).toBe('application.submitted');
    expect(got!.webhookId).toMatch(/^msg_/);
    const data = got!.verified!.data;
    expect(Object.keys(data).sort()).toEqual([
      'applicationId',
      'enrolments',
      'practiceNumber',
      'practitionerName',
      'reference',
      'submittedAt',
    ]);
    // Not the e-mail address, phone or ID number the practitioner gave.
    const { email, phone, idNumber } = payload.practitioner;
    for (const given of [email, phone, idNumber!])
      expect(JSON.stringify(data)).not.toContain(given);
    const [logged] = await deliveries(endpoint.id);
    expect(logged).toMatchObject({ webhookId: got!.webhookId, lastStatus: 204, attempts: 1 });
    expect(logged!.deliveredAt).not.toBeNull();
  });

  it('staff approve an enrolment with a provider number: the receiver gets it in the first run', async () => {
    await addEndpoint(['enrolment.status_changed']);
    const s = await seedSubmission(staff.t);
    const from = receiver.received.length;
    expect((await approve(s.submissionId, s.schemeStatusIds[0]!, 'PN-4711')).status).toBe(200);

    await runMaintenance(staff.t.deps);
    const got = verifiedSince(from);
    expect(got).toHaveLength(1);
    expect(got[0]!.verified).toMatchObject({
      type: 'enrolment.status_changed',
      data: {
        enrolmentId: s.schemeStatusIds[0],
        applicationId: s.submissionId,
        reference: s.reference,
        status: 'approved',
        providerNumber: 'PN-4711',
        effectiveDate: '2026-12-01',
      },
    });
  });

  it('a receiver answering 500 three times gets the event a fourth time with the same webhook-id', async () => {
    const { endpoint } = await addEndpoint(['enrolment.status_changed']);
    const s = await seedSubmission(staff.t);
    const from = receiver.received.length;
    receiver.answerWith(500, 500, 500);
    await approve(s.submissionId, s.schemeStatusIds[0]!, 'PN-1');

    await runWebhookRound(staff.t.deps);
    // Not due again yet: the backoff holds the next attempt back.
    await runWebhookRound(staff.t.deps);
    expect(receiver.received.length - from).toBe(1);
    for (const wait of [5_000, 5 * 60_000, 30 * 60_000]) {
      later(wait);
      await runWebhookRound(staff.t.deps);
    }
    const got = verifiedSince(from);
    expect(got.map((r) => r.status)).toEqual([500, 500, 500, 204]);
    expect(new Set(got.map((r) => r.webhookId)).size).toBe(1);
    const [logged] = await deliveries(endpoint.id);
    expect(logged).toMatchObject({ attempts: 4, lastStatus: 204, webhookId: got[0]!.webhookId });

    // Replay: the same webhook-id once more, as a delivery of its own, sent at once.
    const replay = await staff.request(`/api/admin/webhooks/deliveries/${logged!.id}/replay`, {
      method: 'POST',
    });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ webhookId: got[0]!.webhookId, lastStatus: 204 });
    const replayed = verifiedSince(from + 4);
    expect(replayed.map((r) => r.webhookId)).toEqual([got[0]!.webhookId]);
    expect(await deliveries(endpoint.id)).toHaveLength(2);
  });

  it('a bulk approval of three enrolments sends each its own provider number', async () => {
    await addEndpoint(['enrolment.status_changed']);
    const three = await Promise.all([1, 2, 3].map(() => seedSubmission(staff.t)));
    const ids = three.map((s) => s.schemeStatusIds[0]!);
    const numbers = Object.fromEntries(ids.map((id, i) => [id, `BULK-${i + 1}`]));
    const from = receiver.received.length;
    const res = await staff.request('/api/admin/enrolments/bulk', {
      method: 'POST',
      json: {
        statusIds: ids,
        status: 'approved',
        reason: 'provider_number_issued',
        effectiveDate: '2026-12-01',
        providerNumbers: numbers,
      },
    });
    expect(res.status).toBe(200);
    await runWebhookRound(staff.t.deps);
    const got = verifiedSince(from).map((r) => r.verified!.data);
    expect(got).toHaveLength(3);
    for (const [i, s] of three.entries()) {
      expect(got.find((d) => d.enrolmentId === ids[i])).toMatchObject({
        applicationId: s.submissionId,
        providerNumber: `BULK-${i + 1}`,
      });
      const tracked = await (await staff.t.request(`/api/submissions/${s.trackingToken}`)).json();
      expect(JSON.stringify(tracked)).toContain('approved');
    }
  });

  it('a deleted application: its earlier events go, the deletion event carries ids only', async () => {
    await addEndpoint();
    const s = await seedSubmission(staff.t);
    await approve(s.submissionId, s.schemeStatusIds[0]!, 'PN-9');
    const from = receiver.received.length;
    expect(
      (await staff.request(`/api/admin/submissions/${s.submissionId}`, { method: 'DELETE' }))
        .status,
    ).toBe(200);
    await runWebhookRound(staff.t.deps);
    const got = verifiedSince(from);
    expect(got.map((r) => r.verified!.type)).toEqual(['application.deleted']);
    expect(Object.keys(got[0]!.verified!.data).sort()).toEqual([
      'applicationId',
      'deletedAt',
      'reference',
    ]);
  });

  it('rotating the secret: the old one no longer verifies; a revoked endpoint gets nothing', async () => {
    const { endpoint, secret } = await addEndpoint(['enrolment.status_changed']);
    const rotated = await staff.request(`/api/admin/webhooks/endpoints/${endpoint.id}/secret`, {
      method: 'POST',
    });
    expect(rotated.status).toBe(200);
    const { secret: newSecret } = (await rotated.json()) as WebhookEndpointCreated;
    expect(newSecret).not.toBe(secret);
    expect(newSecret).toMatch(/^whsec_/);
    const s = await seedSubmission(staff.t);
    const from = receiver.received.length;
    await approve(s.submissionId, s.schemeStatusIds[0]!, 'PN-2');
    await runWebhookRound(staff.t.deps);
    expect(receiver.received[from]!.verified).toBeNull(); // the receiver still has the old one
    receiver.verifyWith(newSecret);
    await approve(s.submissionId, s.schemeStatusIds[0]!, 'PN-3');
    await runWebhookRound(staff.t.deps);
    expect(verifiedSince(from + 1)).toHaveLength(1);

    expect((await revoke(endpoint.id)).status).toBe(200);
    await approve(s.submissionId, s.schemeStatusIds[0]!, 'PN-4');
    await runWebhookRound(staff.t.deps);
    expect(receiver.received.length).toBe(from + 2);
    const logged = await staff.t.deps.db
      .select({ action: securityEvents.action })
      .from(securityEvents)
      .where(eq(securityEvents.entityId, endpoint.id));
    expect(logged.map((e) => e.action).sort()).toEqual([
      'webhook_endpoint_created',
      'webhook_endpoint_revoked',
      'webhook_endpoint_secret_rotated',
    ]);
  });

  it('an endpoint failing for three days is paused, staff are mailed, and resuming sends again', async () => {
    const { endpoint, secret } = await addEndpoint(['enrolment.status_changed']);
    const s = await seedSubmission(staff.t);
    await approve(s.submissionId, s.schemeStatusIds[0]!, 'PN-5');
    const from = receiver.received.length;
    receiver.answerWith(...Array(40).fill(503));
    for (let hour = 0; hour <= 73; hour++) {
      await runWebhookRound(staff.t.deps);
      later(60 * 60_000);
    }
    await staff.signInAgain(); // three days on, the staff session has lapsed
    const failed = receiver.received.length - from;
    // Retried with growing gaps (5 s, 5 min, 30 min, 2 h, 5 h, then every 10 h), not hourly.
    expect(failed).toBeGreaterThan(8);
    expect(failed).toBeLessThan(15);
    const [row] = await staff.t.deps.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.pausedAt).not.toBeNull();
    expect(row!.secret).not.toContain(secret.slice('whsec_'.length)); // kept sealed
    const [logged] = await deliveries(endpoint.id);
    expect(logged!.abandonedAt).not.toBeNull();
    const mails = await mailFiles(staff.t);
    expect(mails.filter((m) => m.eml.includes('Webhooks paused'))).toHaveLength(1);

    // Paused: a new event waits; resumed, it goes.
    receiver.clearAnswers();
    const waiting = receiver.received.length;
    await approve(s.submissionId, s.schemeStatusIds[0]!, 'PN-6');
    await runWebhookRound(staff.t.deps);
    expect(receiver.received.length).toBe(waiting);
    const resumed = await staff.request(`/api/admin/webhooks/endpoints/${endpoint.id}/resume`, {
      method: 'POST',
    });
    expect(resumed.status).toBe(200);
    await runWebhookRound(staff.t.deps);
    const [sent] = verifiedSince(waiting);
    expect(sent!.verified!.data.providerNumber).toBe('PN-6');
  });
});
