// POST /api/objects/keep (decision 066): the uploads of a draft alive on its device outlive
// the 24-hour orphan rule, for 7 days after the device last said so, never past 30 days.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../schema/api-basics.ts';
import { keepUploadsResponse } from '../../schema/upload-api.ts';
import { runMaintenance } from '../services/maintenance/maintenance.ts';
import { objectKeyFromUploadUrl } from '../services/uploads/upload-tickets.ts';
import { buildApplication, postSubmission, uploadDocument } from '../testing/fixtures.ts';
import { createTestApp, manualClock, type TestApp } from '../testing/harness.ts';
import { created } from '../testing/submission-requests.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const clock = manualClock(new Date('2026-05-04T08:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { UPLOAD_RATE_LIMIT: '2000' } });
});
afterAll(() => t.dispose());

async function keep(urls: string[]) {
  const res = await t.request('/api/objects/keep', { method: 'POST', json: { uploads: urls } });
  expect(res.status, await res.clone().text()).toBe(200);
  return keepUploadsResponse.parse(await res.json());
}
const urlsOf = (payload: { documents: { url: string }[] }) => payload.documents.map((d) => d.url);
const stored = (url: string) => t.deps.store.head(objectKeyFromUploadUrl(url)!);

describe('keeping a draft’s uploads', () => {
  it('keeps them usable the next sitting, days later, after the orphan sweep ran', async () => {
    const payload = await buildApplication(t);
    expect(await keep(urlsOf(payload))).toEqual({
      kept: 3,
      keptUntil: new Date(clock.now().getTime() + 7 * DAY).toISOString(),
    });
    clock.advance(3 * DAY);
    await runMaintenance(t.deps);
    for (const url of urlsOf(payload)) expect(await stored(url)).not.toBeNull();
    // The draft is opened again: kept for another 7 days from now.
    expect((await keep(urlsOf(payload))).kept).toBe(3);
    clock.advance(5 * DAY);
    await runMaintenance(t.deps);
    await created(await postSubmission(t, payload));
  });

  it('leaves uploads no draft keeps to the 24-hour rule', async () => {
    const payload = await buildApplication(t);
    clock.advance(DAY + HOUR);
    await runMaintenance(t.deps);
    for (const url of urlsOf(payload)) expect(await stored(url)).toBeNull();
    const res = await postSubmission(t, payload);
    expect(res.status).toBe(409);
    expect(errorBody.parse(await res.json()).error.code).toBe('upload_missing');
    // Too late to keep: nothing is brought back.
    expect((await keep(urlsOf(payload))).kept).toBe(0);
  });

  it('removes them 7 days after the draft was last opened', async () => {
    const doc = await uploadDocument(t, 'bank_proof');
    await keep([doc.url]);
    clock.advance(7 * DAY - 2 * HOUR);
    await runMaintenance(t.deps);
    expect(await stored(doc.url)).not.toBeNull();
    clock.advance(3 * HOUR);
    await runMaintenance(t.deps);
    expect(await stored(doc.url)).toBeNull();
  });

  it('never keeps an upload longer than 30 days after it was made', async () => {
    const payload = await buildApplication(t);
    for (let day = 0; day < 30; day += 6) {
      expect((await keep(urlsOf(payload))).kept).toBe(3);
      clock.advance(6 * DAY);
      await runMaintenance(t.deps);
    }
    clock.advance(HOUR);
    await runMaintenance(t.deps);
    for (const url of urlsOf(payload)) expect(await stored(url)).toBeNull();
    expect((await postSubmission(t, payload)).status).toBe(409);
  });

  it('passes over uploads a submission used, unknown ones and ones that never arrived', async () => {
    const payload = await buildApplication(t);
    await created(await postSubmission(t, payload));
    const ticket = await t.request('/api/objects/upload', {
      method: 'POST',
      json: { filename: `certified_id_${Date.now()}` },
    });
    const { uploadURL } = (await ticket.json()) as { uploadURL: string };
    expect(
      (
        await keep([
          ...urlsOf(payload),
          uploadURL,
          'http://localhost:8787/api/storage/uploads/00000000-0000-4000-8000-000000000009',
          'not a url',
        ])
      ).kept,
    ).toBe(0);
  });

  it('refuses a request without uploads with a message', async () => {
    const res = await t.request('/api/objects/keep', { method: 'POST', json: { uploads: [] } });
    expect(res.status).toBe(400);
    expect(errorBody.parse(await res.json()).error.message).toBe(
      'uploads: Name at least one upload',
    );
  });
});
