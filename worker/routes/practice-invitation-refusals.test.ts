// A refusal of a practitioner's own part names their documents as their device counts them
// (decision 126): the practice's copies come after theirs, so `documents.N` is the N-th
// document they sent, and the device's outbox can send that file again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadDocument } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import {
  invitePractitioner,
  ownPart,
  practiceApplication,
  sendOwnPart,
  startPractice,
} from '../testing/practice-requests.ts';
import { created } from '../testing/submission-requests.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_RATE_LIMIT: '2000' } });
});
afterAll(() => t?.dispose());
const address = (label: string) => `${label}.${Date.now()}.${Math.random()}@example.co.za`;

describe("a refusal of a practitioner's own part", () => {
  it('names the document by its place in what the practitioner sent', async () => {
    const manager = await startPractice(t, await practiceApplication(t));
    const a = { name: 'Dr A', email: address('a') };
    const b = { name: 'Dr B', email: address('b') };
    const first = await invitePractitioner(t, manager, a);
    const second = await invitePractitioner(t, manager, b);
    const id = await uploadDocument(t, 'certified_id', 'jpeg');
    await created(
      await sendOwnPart(t, first.token, await ownPart(t, a.email, { documents: [id] })),
    );

    // The same upload again, second of two: already used by the first practitioner.
    const fresh = await uploadDocument(t, 'certified_id', 'jpeg');
    const refused = await sendOwnPart(
      t,
      second.token,
      await ownPart(t, b.email, { documents: [fresh, id] }),
    );
    expect(refused.status).toBe(409);
    const { error } = await refused.json();
    expect(error.code).toBe('upload_already_used');
    expect(Object.keys(error.fields)).toEqual(['documents.1']);
  });
});
