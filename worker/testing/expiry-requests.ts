// Requests of the tests of documents that expire (issue 38): an application with one dated
// document, maintenance runs on a South African day, the renewal mails a practitioner got, and
// a replacement sent from /track.
import type { SubmitRequest } from '../../schema/submission-api.ts';
import { runMaintenance } from '../services/maintenance/maintenance.ts';
import { buildApplication, postSubmission, uploadDocument } from './fixtures.ts';
import type { manualClock, TestApp } from './harness.ts';
import { mailTo } from './mail-files.ts';
import { created, track } from './submission-requests.ts';

/** A maintenance run on the South African day, and one after the notices' combining window. */
export async function runOn(t: TestApp, clock: ReturnType<typeof manualClock>, day: string) {
  clock.set(new Date(`${day}T06:00:00Z`));
  await runMaintenance(t.deps);
  clock.advance(5 * 60_000);
  await runMaintenance(t.deps);
}

/** An application whose document of `sectionKey` carries `validityDate`. */
export async function applyDated(
  t: TestApp,
  sectionKey: string,
  validityDate: string,
  practiceType?: 'new',
) {
  const payload: SubmitRequest = await buildApplication(t, { practiceType });
  // An optional section is added (a new practice's practice number).
  if (!payload.documents.some((d) => d.sectionKey === sectionKey)) {
    payload.documents.push(await uploadDocument(t, sectionKey));
  }
  payload.documents = payload.documents.map((d) =>
    d.sectionKey === sectionKey ? { ...d, validityDate } : d,
  );
  const { trackingToken } = await created(await postSubmission(t, payload));
  const view = await track(t, trackingToken);
  const doc = view.documents.find((d) => d.sectionKey === sectionKey)!;
  const idNumber = payload.practitioner.idNumber as string;
  return { token: trackingToken, email: payload.practitioner.email, idNumber, doc };
}

export const renewalMails = async (t: TestApp, email: string) =>
  (await mailTo(t, email)).filter((m) => /Please send a new one/.test(m.text));

/** The practitioner's replacement of a document from /track, dated `date`. */
export async function replaceDated(
  t: TestApp,
  token: string,
  documentId: string,
  sectionKey: string,
  date: string,
) {
  const upload = await uploadDocument(t, sectionKey);
  return t.request(`/api/submissions/${token}/documents/${documentId}/replacement`, {
    method: 'POST',
    json: {
      url: upload.url,
      name: upload.name,
      size: upload.size,
      type: upload.type,
      validityDate: date,
    },
  });
}
