// Replacing a rejected document with the tracking token: refused (and nothing written) without
// the right token, for a document that is not rejected, for an unusable upload; accepted, it
// writes exactly the new document, the superseded mark, the event, the audit row, the spent
// ticket and the staff mail.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../schema/api-basics.ts';
import { auditLogs, documents, mailOutbox, statusEvents, uploadTickets } from '../../schema/db.ts';
import { type TrackingResponse, trackingResponse } from '../../schema/tracking-api.ts';
import { objectKeyFromUploadUrl } from '../services/uploads/upload-tickets.ts';
import { submitApplication, uploadDocument } from '../testing/fixtures.ts';
import { manualClock } from '../testing/harness.ts';
import { waitForMailTo } from '../testing/mail-files.ts';
import { staffRequest, staffSession } from '../testing/staff-requests.ts';
import { created, track } from '../testing/submission-requests.ts';

const STAFF_INBOX = 'reviews@bureau.co.za';
const clock = manualClock();
const staff = staffSession({ clock, env: { STAFF_NOTIFY_EMAIL: STAFF_INBOX } });

async function submitted() {
  const { response } = await submitApplication(staff.t);
  const { trackingToken } = await created(response);
  return { token: trackingToken, view: await track(staff.t, trackingToken) };
}

async function reject(documentId: string) {
  const res = await staffRequest(staff.t, staff.cookie, `/api/admin/documents/${documentId}`, {
    method: 'PATCH',
    json: { status: 'rejected', reason: 'The stamp is not readable' },
  });
  expect(res.status).toBe(200);
}

const docIn = (view: TrackingResponse, sectionKey: string) =>
  view.documents.find((d) => d.sectionKey === sectionKey)!;

function replace(token: string, documentId: string, body: unknown) {
  return staff.t.request(`/api/submissions/${token}/documents/${documentId}/replacement`, {
    method: 'POST',
    json: body,
  });
}

async function expectRefused(res: Response, status: number, code: string) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  const body = errorBody.parse(JSON.parse(text));
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(10);
  return body.error;
}

async function counts() {
  const { db } = staff.t.deps;
  return {
    documents: await db.$count(documents),
    events: await db.$count(statusEvents),
    audit: await db.$count(auditLogs),
    mail: await db.$count(mailOutbox),
    superseded: (await db.select().from(documents)).filter((d) => d.supersededAt).length,
    usedTickets: (await db.select().from(uploadTickets)).filter((u) => u.usedAt).length,
  };
}

const fileOf = (upload: Awaited<ReturnType<typeof uploadDocument>>) => ({
  url: upload.url,
  name: upload.name,
  size: upload.size,
  type: upload.type,
});

describe('POST /api/submissions/:token/documents/:documentId/replacement', () => {
  it('refuses a wrong token, another document, a document not rejected and an unusable file, writing nothing', async () => {
    const mine = await submitted();
    const other = await submitted();
    const id = docIn(mine.view, 'certified_id').id;
    const good = fileOf(await uploadDocument(staff.t, 'certified_id'));

    // Not rejected yet.
    await expectRefused(await replace(mine.token, id, good), 409, 'document_not_rejected');
    await reject(id);
    const before = await counts();

    const wrongToken = await expectRefused(
      await replace(other.token, id, good),
      404,
      'document_not_found',
    );
    expect(wrongToken.message).toBe('This application has no such document.');
    const unknown = await expectRefused(
      await replace(`trk${'0'.repeat(32)}`, id, good),
      404,
      'not_found',
    );
    expect(unknown.message).toBe('Submission not found. Please check your tracking token.');
    await expectRefused(await replace('not a token', id, good), 404, 'not_found');
    await expectRefused(
      await replace(mine.token, docIn(mine.view, 'bank_proof').id, good),
      409,
      'document_not_rejected',
    );
    await expectRefused(
      await replace(mine.token, crypto.randomUUID(), good),
      404,
      'document_not_found',
    );

    // Bad input and unusable uploads.
    await expectRefused(await replace(mine.token, id, { name: 'x.pdf' }), 400, 'invalid_request');
    const disguised = await uploadDocument(staff.t, 'certified_id', 'pdf', {
      bytes: new TextEncoder().encode('MZ this is not a PDF at all') as Uint8Array<ArrayBuffer>,
    });
    const wrongType = await expectRefused(
      await replace(mine.token, id, fileOf(disguised)),
      400,
      'invalid_document',
    );
    expect(wrongType.fields).toHaveProperty('url');
    const otherSection = await uploadDocument(staff.t, 'bank_proof');
    await expectRefused(
      await replace(mine.token, id, fileOf(otherSection)),
      400,
      'invalid_document',
    );
    const oversize = await uploadDocument(staff.t, 'certified_id');
    await staff.t.deps.db
      .update(uploadTickets)
      .set({ maxBytes: 10 })
      .where(eq(uploadTickets.objectKey, objectKeyFromUploadUrl(oversize.url)!));
    const tooLarge = await expectRefused(
      await replace(mine.token, id, fileOf(oversize)),
      400,
      'invalid_document',
    );
    expect(tooLarge.message).toMatch(/larger than/);
    const spent = docIn(other.view, 'certified_id');
    const [spentRow] = await staff.t.deps.db
      .select()
      .from(documents)
      .where(eq(documents.id, spent.id));
    await expectRefused(
      await replace(mine.token, id, {
        ...good,
        url: `/api/storage/${spentRow!.objectKey}`,
      }),
      409,
      'upload_already_used',
    );

    expect(await counts()).toEqual(before);
    expect((await track(staff.t, mine.token)).documentsToReplace).toBe(1);
  });

  it('writes the replacement, the superseded mark, event, audit row, spent ticket and staff mail in one go', async () => {
    const { token, view } = await submitted();
    const rejected = docIn(view, 'certified_id');
    await reject(rejected.id);
    const upload = await uploadDocument(staff.t, 'certified_id', 'png');
    const before = await counts();
    clock.advance(60_000);

    const res = await replace(token, rejected.id, fileOf(upload));
    expect(res.status, await res.clone().text()).toBe(201);
    const answer = trackingResponse.parse(await res.json());
    expect(await counts()).toEqual({
      documents: before.documents + 1,
      events: before.events + 1,
      audit: before.audit + 1,
      mail: before.mail + 1,
      superseded: before.superseded + 1,
      usedTickets: before.usedTickets + 1,
    });

    const replacement = answer.documents.find((d) => d.replacesDocumentId === rejected.id)!;
    expect(replacement).toMatchObject({ status: 'uploaded', sectionKey: 'certified_id' });
    expect(answer.documents.find((d) => d.id === rejected.id)).toMatchObject({
      status: 'rejected',
      supersededBy: replacement.id,
    });
    expect(answer.documentsToReplace).toBe(0);
    expect(answer.statusEvents.at(-1)).toMatchObject({
      eventType: 'document_resubmitted',
      description: 'Certified ID Copy replaced; waiting for review',
    });
    const [row] = await staff.t.deps.db
      .select()
      .from(documents)
      .where(eq(documents.id, replacement.id));
    expect(row).toMatchObject({ fileType: 'image/png', replacesDocumentId: rejected.id });

    // Staff see both, and the list's 'Needs review' shows the submission until it is reviewed.
    const detail = await staffRequest(
      staff.t,
      staff.cookie,
      `/api/admin/submissions/${view.submission.id}`,
    );
    const staffView = await detail.json();
    expect(staffView.documents.map((d: { id: string }) => d.id)).toEqual(
      expect.arrayContaining([rejected.id, replacement.id]),
    );
    const staffMail = await waitForMailTo(staff.t, STAFF_INBOX, 1);
    expect(
      staffMail.some((m) => m.text.includes(`/dashboard/submissions/${view.submission.id}`)),
    ).toBe(true);

    // Only once per rejected document; the superseded one cannot be reviewed any more.
    const again = await uploadDocument(staff.t, 'certified_id');
    await expectRefused(await replace(token, rejected.id, fileOf(again)), 409, 'already_replaced');
    const review = await staffRequest(
      staff.t,
      staff.cookie,
      `/api/admin/documents/${rejected.id}`,
      {
        method: 'PATCH',
        json: { status: 'approved' },
      },
    );
    expect(review.status).toBe(409);
  });
});
