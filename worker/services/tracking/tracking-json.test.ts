// The tracking GET's body is written by SQLite in one statement (tracking-json.ts). It must be,
// byte for byte, the JSON of the view built from the tables through the ORM by the staff
// detail's readers, for a submission with everything a tracking view can show: reviewed,
// rejected and replaced documents, scheme statuses with notes, events with notes, requests
// open and answered, posting checklists, and text that JSON has to escape.
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { medicalAidStatuses, submissions } from '../../../schema/db.ts';
import { catalogueSchemes } from '../../../schema/db-catalogue.ts';
import { documentValidityRules } from '../../../schema/db-document-validity.ts';
import { type TrackingResponse, trackingResponse } from '../../../schema/tracking-api.ts';
import type { Database } from '../../db.ts';
import { submitApplication, uploadDocument } from '../../testing/fixtures.ts';
import { staffSession } from '../../testing/staff-requests.ts';
import { submissionRequests } from '../review/request-views.ts';
import {
  documentsToReplace,
  documentView,
  replacementsOf,
  schemeStatusView,
  statusEventView,
  submissionRecords,
  submissionView,
} from './tracking.ts';

const staff = staffSession();

/** What the tracking view was before decision 105: the tables read through drizzle, mapped in JS. */
async function viewFromTables(db: Database, token: string): Promise<TrackingResponse> {
  const [s] = await db.select().from(submissions).where(eq(submissions.trackingToken, token));
  if (!s) throw new Error('no such submission');
  const { docs, schemes, events } = await submissionRecords(db, s.id);
  const replaced = replacementsOf(docs);
  const checklists = await db
    .select({
      schemeName: medicalAidStatuses.medicalAidName,
      checklist: catalogueSchemes.postingChecklist,
    })
    .from(medicalAidStatuses)
    .innerJoin(catalogueSchemes, eq(catalogueSchemes.key, medicalAidStatuses.schemeKey))
    .where(
      and(eq(medicalAidStatuses.submissionId, s.id), isNotNull(catalogueSchemes.postingChecklist)),
    )
    .orderBy(asc(medicalAidStatuses.medicalAidName));
  return {
    practitioner: {
      firstName: s.firstName,
      lastName: s.lastName,
      email: s.email,
      phone: s.phone,
      specialization: s.specialization,
    },
    submission: submissionView(s),
    documents: docs.map((d) => documentView(d, replaced.get(d.id) ?? null)),
    documentsToReplace: documentsToReplace(docs),
    // None reminded here: document-reminders.test.ts counts the ones asked to be renewed.
    documentsToRenew: 0,
    validityRules: (
      await db.select().from(documentValidityRules).orderBy(asc(documentValidityRules.sectionKey))
    ).map((v) => ({ sectionKey: v.sectionKey, rule: v.rule })),
    medicalAidStatuses: schemes.map(schemeStatusView),
    statusEvents: events.map(statusEventView),
    requests: await submissionRequests(db, s.id),
    postingChecklists: checklists.map((c) => ({
      schemeName: c.schemeName,
      checklist: c.checklist!,
    })),
  };
}

const AWKWARD = 'Line one\nTab\there, "quoted" \\ back\u0001slash, é ü 中文 🩺 </script>';

async function ok(res: Response, status = 200) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return text;
}

describe('the tracking view written by SQLite', () => {
  it('is byte for byte the JSON of the view built from the tables', async () => {
    const { t } = staff;
    await ok(
      await staff.request('/api/admin/catalogue/schemes/bankmed', {
        method: 'PATCH',
        json: {
          postingChecklist: {
            signByHand: ['Provider form, page 2 “Declaration”'],
            certifiedCopies: ['SA ID document'],
            certifiedWithinMonths: 3,
            postTo: 'Bankmed Registrations\nPO Box 1\nJohannesburg',
          },
        },
      }),
    );
    const { response } = await submitApplication(t, {
      submission: { additionalNotes: AWKWARD },
    });
    const { trackingToken: token } = JSON.parse(await ok(response, 201)) as {
      trackingToken: string;
    };
    const first = trackingResponse.parse(
      JSON.parse(await ok(await t.request(`/api/submissions/${token}`))),
    );
    const [rejected, approved, alsoRejected] = first.documents;
    const [scheme, otherScheme] = first.medicalAidStatuses;

    const review = (id: string, json: unknown) =>
      staff.request(`/api/admin/documents/${id}`, { method: 'PATCH', json });
    await ok(
      await review(rejected!.id, { status: 'rejected', reason: `Not readable: ${AWKWARD}` }),
    );
    await ok(await review(approved!.id, { status: 'approved' }));
    await ok(await review(alsoRejected!.id, { status: 'rejected', reason: 'Expired' }));
    const upload = await uploadDocument(t, rejected!.sectionKey);
    await ok(
      await t.request(`/api/submissions/${token}/documents/${rejected!.id}/replacement`, {
        method: 'POST',
        json: { url: upload.url, name: upload.name, size: upload.size, type: upload.type },
      }),
      201,
    );
    const id = first.submission.id;
    await ok(
      await staff.request(`/api/admin/submissions/${id}`, {
        method: 'PATCH',
        json: { status: 'under_review', note: AWKWARD },
      }),
    );
    await ok(
      await staff.request(`/api/admin/submissions/${id}/schemes/${scheme!.id}`, {
        method: 'PATCH',
        json: { status: 'approved', notes: AWKWARD, requiresHardCopy: true },
      }),
    );
    const ask = (statusId: string, request: string) =>
      staff.request(`/api/admin/enrolments/${statusId}/request`, {
        method: 'POST',
        json: { request },
      });
    const asked = JSON.parse(await ok(await ask(scheme!.id, 'Sign page 2'), 201)) as {
      requestId: string;
    };
    await ok(
      await t.request(`/api/submissions/${token}/requests/${asked.requestId}/answer`, {
        method: 'POST',
        json: { note: AWKWARD },
      }),
      201,
    );
    await ok(await ask(otherScheme!.id, `Send again: ${AWKWARD}`), 201);

    const body = await ok(await t.request(`/api/submissions/${token}`));
    const expected = await viewFromTables(t.deps.db, token);
    // Everything the test set up is in it, so the comparison covers every part of the view.
    expect(expected.documents.some((d) => d.supersededBy)).toBe(true);
    expect(expected.documentsToReplace).toBe(1);
    expect(expected.requests.map((r) => r.answeredAt === null)).toEqual([true, false]);
    expect(expected.postingChecklists).toHaveLength(1);
    expect(expected.statusEvents.some((e) => e.description.endsWith(AWKWARD))).toBe(true);
    expect(body).toBe(JSON.stringify(expected));
  });

  it('writes a new practice’s answer about contracts as the booleans it was given', async () => {
    for (const interestedInContracts of [true, false]) {
      const { response } = await submitApplication(staff.t, {
        practiceType: 'new',
        submission: { interestedInContracts },
      });
      const { trackingToken: token } = JSON.parse(await ok(response, 201)) as {
        trackingToken: string;
      };
      const body = await ok(await staff.t.request(`/api/submissions/${token}`));
      const expected = await viewFromTables(staff.t.deps.db, token);
      expect(expected.submission.interestedInContracts).toBe(interestedInContracts);
      expect(body).toBe(JSON.stringify(expected));
    }
  });

  it('answers 404 for an unknown or malformed token', async () => {
    for (const token of ['A'.repeat(32), 'not-a-token']) {
      expect((await staff.t.request(`/api/submissions/${token}`)).status).toBe(404);
    }
  });
});
