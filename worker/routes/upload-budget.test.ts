// Finding 5 of the audit (disk filling, decision 068): upload tickets need no sign-in, so each
// client has a budget of bytes uploaded and not yet used, and no upload is taken below a floor
// of free disk. Before, one address could reserve 600 tickets × 100 MB an hour. Uploads in
// parts count the parts they hold until the parts are gone (issue 25: they fell out of the
// budget after a day while their bytes stayed a week).
import { afterAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../schema/api-basics.ts';
import { uploadTickets } from '../../schema/db.ts';
import { multipartPartUrlsResponse, multipartStartResponse } from '../../schema/upload-api.ts';
import { PART_BYTES } from '../../schema/upload-parts.ts';
import { STORAGE_FULL_MESSAGE, UPLOAD_BUDGET_MESSAGE } from '../services/uploads/upload-budget.ts';
import { objectKeyFromUploadUrl, UPLOAD_USABLE_MS } from '../services/uploads/upload-tickets.ts';
import { buildApplication, postSubmission, uploadDocument } from '../testing/fixtures.ts';
import { createTestApp, manualClock, type TestApp } from '../testing/harness.ts';
import { created } from '../testing/submission-requests.ts';

const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.dispose();
});
async function app(env: Record<string, string>, clock = manualClock()) {
  const t = await createTestApp({ clock, env: { UPLOAD_RATE_LIMIT: '5000', ...env } });
  apps.push(t);
  return t;
}
function ticket(t: TestApp, client: string) {
  return t.request('/api/objects/upload', {
    method: 'POST',
    json: { filename: `certified_id_${Date.now()}` },
    client,
  });
}

describe('the upload budget of one client', () => {
  it('stops an address reserving 100 MB tickets without end (default budget 4 GiB)', async () => {
    const t = await app({});
    const answers: number[] = [];
    for (let i = 0; i < 45; i++) answers.push((await ticket(t, '198.51.100.7')).status);
    expect(answers.slice(0, 40)).toEqual(Array(40).fill(200));
    expect(answers.slice(40)).toEqual(Array(5).fill(429));
    const refused = await ticket(t, '198.51.100.7');
    expect(errorBody.parse(await refused.json()).error).toEqual({
      code: 'upload_budget_exceeded',
      message: UPLOAD_BUDGET_MESSAGE,
    });
    // Nothing was reserved for the refused ones, and another address is not affected.
    expect(await t.deps.db.$count(uploadTickets)).toBe(40);
    expect((await ticket(t, '203.0.113.9')).status).toBe(200);
  });

  it('counts what arrived at its real size, and frees what a submission used', async () => {
    const clock = manualClock();
    const t = await app({ UPLOAD_BUDGET_MB: '350' }, clock);
    const client = '198.51.100.8';
    // Three arrived uploads (small PDFs) and two tickets whose bytes may still come.
    const payload = await buildApplication(t, {
      documents: await Promise.all(
        ['bhf_form', 'certified_id', 'bank_proof'].map((s) =>
          uploadDocument(t, s, 'pdf', { client }),
        ),
      ),
    });
    expect((await ticket(t, client)).status).toBe(200);
    expect((await ticket(t, client)).status).toBe(200);
    expect((await ticket(t, client)).status).toBe(200);
    expect((await ticket(t, client)).status).toBe(429);
    // Two hours on, the unused tickets' URLs have expired with nothing sent: they count 0.
    clock.advance(2 * 3600_000 + 1000);
    expect((await ticket(t, client)).status).toBe(200);
    await created(await postSubmission(t, payload));
    expect((await ticket(t, client)).status).toBe(200);
    expect((await ticket(t, client)).status).toBe(200);
    expect((await ticket(t, client)).status).toBe(429);
  });
});

describe('the sizes the budget learns', () => {
  it('asks the store for an arrived file once: its size is recorded with the next ticket', async () => {
    const t = await app({});
    const client = '198.51.100.11';
    const key = objectKeyFromUploadUrl(
      (await uploadDocument(t, 'certified_id', 'pdf', { client })).url,
    );
    const real = t.deps.store;
    const asked: string[] = [];
    t.deps.store = {
      ...real,
      head: (objectKey) => {
        asked.push(objectKey);
        return real.head(objectKey);
      },
    };
    try {
      expect((await ticket(t, client)).status).toBe(200);
      expect((await ticket(t, client)).status).toBe(200);
    } finally {
      t.deps.store = real;
    }
    expect(asked.filter((k) => k === key)).toEqual([key]);
  });
});

describe('the free-space floor', () => {
  it('takes no new upload below it, with a message, and reserves nothing', async () => {
    // A floor no disk can meet stands for a disk that is nearly full.
    const t = await app({ MIN_FREE_DISK_MB: String(1024 ** 3) });
    const res = await ticket(t, '198.51.100.10');
    expect(res.status).toBe(507);
    expect(errorBody.parse(await res.json()).error).toEqual({
      code: 'storage_full',
      message: STORAGE_FULL_MESSAGE,
    });
    expect(await t.deps.db.$count(uploadTickets)).toBe(0);
  });
});

describe('uploads in parts and the budget', () => {
  it('keeps counting the parts an unfinished upload holds after its ticket expired', async () => {
    const clock = manualClock();
    const t = await app({ UPLOAD_BUDGET_MB: '100' }, clock);
    const start = (size: number) =>
      t.request('/api/objects/multipart', {
        method: 'POST',
        json: { filename: `certified_id_${Date.now()}`, size, contentType: 'application/pdf' },
        client: 'parts-client',
      });
    const first = await start(90 * 2 ** 20);
    expect(first.status).toBe(201);
    const { uploadId } = multipartStartResponse.parse(await first.json());
    // Two parts arrive, then the device goes quiet; the parts stay in the store for days.
    for (const partNumber of [1, 2]) {
      const urls = await t.request(`/api/objects/multipart/${uploadId}/part-urls`, {
        method: 'POST',
        json: { partNumbers: [partNumber] },
        client: 'parts-client',
      });
      const [part] = multipartPartUrlsResponse.parse(await urls.json()).parts;
      const bytes = new Uint8Array(part!.size);
      const put = await t.request(part!.url, {
        method: 'PUT',
        body: bytes,
        headers: { 'Content-Type': 'application/pdf', 'Content-Length': String(part!.size) },
      });
      expect(put.status).toBe(200);
    }
    const held = 2 * PART_BYTES;
    // A day and more later the ticket has expired, but the held parts still count.
    clock.advance(UPLOAD_USABLE_MS + 2 * 60 * 60_000);
    const tooMuch = await start(100 * 2 ** 20 - held + 1);
    expect(tooMuch.status).toBe(429);
    const fits = await start(100 * 2 ** 20 - held - 1);
    expect(fits.status).toBe(201);
  });
});
