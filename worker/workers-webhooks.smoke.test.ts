// Webhooks on the Workers target (issue 40, decision 122): in workerd against sqld, the billing
// system approves an enrolment with a provider number through the machine API, and the minute
// cron (the scheduled handler within its work budget) sends the signed event to a receiver on
// 127.0.0.1 that verifies it with the standardwebhooks library. The endpoint and the key are
// written straight into the database: their staff pages have their own tests.
import { createClient } from '@libsql/client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  apiKeys,
  medicalAidStatuses,
  practitioners,
  staffUsers,
  submissions,
  webhookEndpoints,
} from '../schema/db.ts';
import { importSigningKey } from './crypto/signed-urls.ts';
import { createDatabase } from './db.ts';
import { NOTICE_CRON } from './services/maintenance/maintenance.ts';
import { hashSubject } from './services/rate-limits/rate-limits.ts';
import { sealWebhookSecret } from './services/webhooks/webhook-signature.ts';
import { type SmokeStack, STAFF_EMAIL, startSmokeStack } from './testing/smoke-stack.ts';
import { startWebhookReceiver } from './testing/webhook-receiver.ts';

let stack: SmokeStack;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  stack = await startSmokeStack({ vars: { WEBHOOKS_ALLOW_PRIVATE_NETWORK: 'true' } });
}, 90_000);
afterAll(async () => {
  await stack?.stop();
  await receiver?.close();
}, 20_000);

describe('webhooks from the Workers entry', () => {
  it('sends an approval made through the machine API from the minute cron, signed', async () => {
    const client = createClient({ url: stack.databaseUrl });
    const db = createDatabase(client);
    const now = new Date();
    const [staff] = await db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(staffUsers.email, STAFF_EMAIL));
    const key = `mbb_smoke${crypto.randomUUID().replaceAll('-', '')}`;
    const secret = `whsec_${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))}`;
    receiver.verifyWith(secret);
    const contact = {
      firstName: 'Thandi',
      lastName: 'Workerd',
      email: 'thandi.workerd@example.co.za',
      phone: '082 123 4567',
      specialization: 'General practice',
    };
    await db.batch([
      db.insert(practitioners).values({ id: 'p1', ...contact, createdAt: now, updatedAt: now }),
      db.insert(submissions).values({
        id: 's1',
        practitionerId: 'p1',
        trackingToken: `trk${crypto.randomUUID().replaceAll('-', '')}`,
        ...contact,
        practiceType: 'established',
        practiceNumber: '1234567',
        selectedParents: [],
        selectedSchemes: ['bankmed'],
        reference: 'WKRD-0001',
        createdAt: now,
        updatedAt: now,
      }),
      db.insert(medicalAidStatuses).values({
        id: 'e1',
        submissionId: 's1',
        schemeKey: 'bankmed',
        medicalAidName: 'Bankmed',
        lastUpdated: now,
      }),
      db.insert(webhookEndpoints).values({
        id: 'w1',
        url: receiver.url,
        description: 'Billing',
        events: ['enrolment.status_changed'],
        secret: await sealWebhookSecret(await importSigningKey(stack.signingSecret), secret, 'w1'),
        createdBy: staff!.id,
        createdAt: now,
      }),
      db.insert(apiKeys).values({
        id: 'k1',
        name: 'Billing',
        prefix: key.slice(0, 10),
        keyHash: await hashSubject(key),
        scopes: ['enrolments:write'],
        createdBy: staff!.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + 86_400_000),
      }),
    ]);
    client.close();

    const approved = await fetch(`${stack.base}/api/machine/v1/enrolments/e1`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        status: 'approved',
        reason: 'provider_number_issued',
        providerNumber: 'WK-778812',
        effectiveDate: '2026-12-01',
      }),
    });
    expect(approved.status).toBe(200);
    expect(receiver.received).toHaveLength(0); // the outbox waits for the cron

    const cron = await fetch(
      `${stack.base}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(NOTICE_CRON)}&format=json`,
    );
    expect(await cron.json()).toMatchObject({ outcome: 'ok' });
    await vi.waitFor(() => expect(receiver.received).toHaveLength(1), { timeout: 10_000 });
    expect(receiver.received[0]!.verified).toMatchObject({
      type: 'enrolment.status_changed',
      data: { enrolmentId: 'e1', reference: 'WKRD-0001', providerNumber: 'WK-778812' },
    });
  });
});
