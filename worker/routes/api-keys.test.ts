// Keys for machines (issue 40): created by staff with scopes and an expiry, shown once, stored
// hashed, revocable; a key without the scope is refused (403), a revoked or expired one 401; a
// key never opens the staff API and a staff session never opens the machine API; each use is
// counted against the key's limit and in the security log; the machine API sets an enrolment's
// status and provider number under the enrolment desk's rules.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  apiKeyCreated,
  machineApplication,
  machineEnrolmentList,
} from '../../schema/api-keys-api.ts';
import { apiKeys, securityEvents } from '../../schema/db.ts';
import { API_KEY_RATE_LIMIT } from '../services/api-keys/api-keys.ts';
import { manualClock } from '../testing/harness.ts';
import { seedSubmission } from '../testing/staff-fixtures.ts';
import { staffSession } from '../testing/staff-requests.ts';

const clock = manualClock(new Date('2026-11-27T08:00:00Z'));
const staff = staffSession({ clock });

async function newKey(scopes: string[], expiresInDays = 30, name = 'Billing system') {
  const res = await staff.request('/api/admin/api-keys', {
    method: 'POST',
    json: { name, scopes, expiresInDays },
  });
  expect(res.status).toBe(201);
  return apiKeyCreated.parse(await res.json());
}

const machine = (key: string, path: string, init: RequestInit & { json?: unknown } = {}) =>
  staff.t.request(`/api/machine/v1${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${key}` },
  });

describe('API keys', () => {
  it('shows the key once, keeps only its hash, and lists it without the key', async () => {
    const refused = await staff.request('/api/admin/api-keys', {
      method: 'POST',
      json: { name: '', scopes: [], expiresInDays: 400 },
    });
    expect(refused.status).toBe(400);
    const { key, apiKey } = await newKey(['applications:read']);
    expect(key).toMatch(/^mbb_[\w-]{40,}$/);
    const [row] = await staff.t.deps.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(JSON.stringify(row)).not.toContain(key);
    const list = await (await staff.request('/api/admin/api-keys')).json();
    expect(JSON.stringify(list)).not.toContain(key);
    expect(list.keys.find((k: { id: string }) => k.id === apiKey.id)).toMatchObject({
      name: 'Billing system',
      scopes: ['applications:read'],
      createdByEmail: 'staff@bureau.co.za',
      expiresAt: '2026-12-27T08:00:00.000Z',
    });
    // Staff only.
    expect((await staff.t.request('/api/admin/api-keys')).status).toBe(401);
  });

  it('refuses a key without the scope (403), a revoked or expired one and none at all (401)', async () => {
    const seeded = await seedSubmission(staff.t);
    const reader = await newKey(['applications:read']);
    const read = await machine(reader.key, `/applications/${seeded.submissionId}`);
    expect(read.status).toBe(200);
    const application = machineApplication.parse(await read.json());
    expect(application.enrolments.map((e) => e.enrolmentId).sort()).toEqual(
      [...seeded.schemeStatusIds].sort(),
    );
    // What billing needs and no more: no ID number, e-mail, phone or documents.
    expect(JSON.stringify(application)).not.toMatch(/idNumber|email|phone|document/i);

    const write = await machine(reader.key, `/enrolments/${seeded.schemeStatusIds[0]}`, {
      method: 'PATCH',
      json: { status: 'pending' },
    });
    expect(write.status).toBe(403);
    expect((await machine('mbb_not-a-key', '/enrolments')).status).toBe(401);
    expect((await staff.t.request('/api/machine/v1/enrolments')).status).toBe(401);

    const revoked = await newKey(['applications:read']);
    expect((await machine(revoked.key, '/enrolments')).status).toBe(200);
    const revoke = await staff.request(`/api/admin/api-keys/${revoked.apiKey.id}`, {
      method: 'DELETE',
    });
    expect(revoke.status).toBe(200);
    expect((await machine(revoked.key, '/enrolments')).status).toBe(401);

    const shortLived = await newKey(['applications:read'], 1);
    clock.advance(24 * 60 * 60_000 + 1);
    expect((await machine(shortLived.key, '/enrolments')).status).toBe(401);
    expect((await machine(reader.key, '/enrolments')).status).toBe(200);
    await staff.signInAgain(); // The day also ended the staff session.

    const uses = await staff.t.deps.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.entityId, reader.apiKey.id));
    expect(uses.map((u) => u.action).sort()).toEqual([
      'api_key_created',
      'api_key_refused',
      'api_key_used',
      'api_key_used',
    ]);
  });

  it('never opens the staff API with a key, nor the machine API with a staff session', async () => {
    const both = await newKey(['applications:read', 'enrolments:write']);
    const asStaff = await staff.t.request('/api/admin/submissions', {
      headers: { Authorization: `Bearer ${both.key}` },
    });
    expect(asStaff.status).toBe(401);
    const withCookie = await staff.request('/api/machine/v1/enrolments');
    expect(withCookie.status).toBe(401);
  });

  it('limits each key to its uses per minute', async () => {
    clock.set(new Date('2026-11-29T08:00:30Z'));
    await staff.signInAgain();
    const busy = await newKey(['applications:read']);
    clock.set(new Date('2026-11-29T08:01:00Z'));
    await staff.signInAgain();
    for (let i = 0; i < API_KEY_RATE_LIMIT.limit; i++) {
      expect((await machine(busy.key, '/enrolments?limit=1')).status).toBe(200);
    }
    const over = await machine(busy.key, '/enrolments?limit=1');
    expect(over.status).toBe(429);
    expect(over.headers.get('Retry-After')).toBeTruthy();
    // Another key is not held back by this one.
    const other = await newKey(['applications:read']);
    expect((await machine(other.key, '/enrolments?limit=1')).status).toBe(200);
  });

  it('approves an enrolment with a provider number under the desk rules, in the key owner name', async () => {
    const seeded = await seedSubmission(staff.t);
    const writer = await newKey(['applications:read', 'enrolments:write'], 30, 'Practice system');
    const id = seeded.schemeStatusIds[0]!;
    const missing = await machine(writer.key, `/enrolments/${id}`, {
      method: 'PATCH',
      json: { status: 'approved', reason: 'provider_number_issued' },
    });
    expect(missing.status).toBe(400);
    const res = await machine(writer.key, `/enrolments/${id}`, {
      method: 'PATCH',
      json: {
        status: 'approved',
        reason: 'provider_number_issued',
        providerNumber: 'PR-4411',
        effectiveDate: '2026-12-01',
      },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      enrolmentId: id,
      status: 'approved',
      providerNumber: 'PR-4411',
    });
    const detail = await staff.detail(seeded.submissionId);
    const enrolment = detail.enrolments.find((e) => e.statusId === id)!;
    expect(enrolment.history[0]!.actor).toBe('API key "Practice system"');
    const changed = machineEnrolmentList.parse(
      await (await machine(writer.key, '/enrolments?status=approved')).json(),
    );
    expect(changed.enrolments.map((e) => e.providerNumber)).toContain('PR-4411');
    expect(
      (
        await machine(writer.key, '/enrolments/nope', {
          method: 'PATCH',
          json: { status: 'pending' },
        })
      ).status,
    ).toBe(404);
  });
});
