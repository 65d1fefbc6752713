import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../../schema/api-basics.ts';
import { uploadTickets } from '../../../schema/db.ts';
import { buildApplication, postSubmission, uploadDocument } from '../../testing/fixtures.ts';
import { createTestApp, manualClock, type TestApp } from '../../testing/harness.ts';
import { runMaintenance } from '../maintenance/maintenance.ts';
import { removeOrphanedUploads } from './orphan-uploads.ts';
import { objectKeyFromUploadUrl } from './upload-tickets.ts';

const clock = manualClock(new Date('2026-04-01T08:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.dispose());

const keyOf = (doc: { url: string }) => objectKeyFromUploadUrl(doc.url)!;

describe('orphaned upload cleanup', () => {
  it('removes uploads no submission used within 24 hours, with their bytes, and keeps the rest', async () => {
    const used = await buildApplication(t);
    expect((await postSubmission(t, used)).status).toBe(201);
    const orphan = await uploadDocument(t, 'bank_proof');
    const neverPut = await t.request('/api/objects/upload', {
      method: 'POST',
      json: { filename: 'certified_id_1' },
    });
    expect(neverPut.status).toBe(200);

    clock.advance(23 * 3600_000);
    const recent = await uploadDocument(t, 'certified_id');
    expect(await removeOrphanedUploads(t.deps)).toBe(0);

    clock.advance(3600_000 + 1000);
    await runMaintenance(t.deps);
    const left = new Set((await t.deps.db.select().from(uploadTickets)).map((r) => r.objectKey));
    expect(left.has(keyOf(orphan))).toBe(false);
    expect(await t.deps.store.head(keyOf(orphan))).toBeNull();
    expect(left.size).toBe(used.documents.length + 1);
    expect(left.has(keyOf(recent))).toBe(true);
    expect(await t.deps.store.head(keyOf(recent))).not.toBeNull();
    for (const doc of used.documents) {
      expect(left.has(keyOf(doc))).toBe(true);
      expect(await t.deps.store.head(keyOf(doc))).not.toBeNull();
    }
  });

  it('makes a submission that still names a removed upload ask for it again', async () => {
    const payload = await buildApplication(t);
    clock.advance(24 * 3600_000 + 1000);
    // These three, and the recent upload of the test before, which is now an orphan too.
    expect(await removeOrphanedUploads(t.deps)).toBe(4);
    const res = await postSubmission(t, payload);
    expect(res.status).toBe(409);
    const { error } = errorBody.parse(await res.json());
    expect(error.code).toBe('upload_missing');
    expect(Object.keys(error.fields!)).toEqual(['documents.0', 'documents.1', 'documents.2']);
  });
});
