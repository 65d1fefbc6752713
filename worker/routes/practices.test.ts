// A practice that onboards together (issue 39, decision 120), over real HTTP and libSQL: the
// manager gives the practice's part once, invites three practitioners; two send their own part
// through their invitation links and one never does. Each submission is the spec's, with a
// copy of the practice's documents and their own; the manager's link shows names and
// per-scheme statuses only, and opens nothing of a practitioner's personal documents.
import { describe, expect, it } from 'vitest';
import { practiceTracking } from '../../schema/practice-api.ts';
import { manualClock } from '../testing/harness.ts';
import { waitForMailTo } from '../testing/mail-files.ts';
import {
  invitePractitioner,
  ownPart,
  practiceApplication,
  sendOwnPart,
  startPractice,
} from '../testing/practice-requests.ts';
import { staffSession } from '../testing/staff-requests.ts';
import { created, track } from '../testing/submission-requests.ts';

const clock = manualClock(new Date('2026-03-02T08:00:00Z'));
const s = staffSession({ clock, env: { UPLOAD_RATE_LIMIT: '2000' } });

async function managerView(token: string) {
  const res = await s.t.request(`/api/practices/${token}`);
  expect(res.status).toBe(200);
  const text = await res.text();
  return { text, view: practiceTracking.parse(JSON.parse(text)) };
}

describe('a practice onboards together', () => {
  it('turns each invited practitioner into their own submission with the practice part, and shows the manager names and statuses only', async () => {
    const t = s.t;
    const application = await practiceApplication(t);
    const managerToken = await startPractice(t, application);
    const [managerMail] = await waitForMailTo(t, application.managerEmail);
    expect(managerMail!.text).toContain(`/practice?token=${managerToken}`);

    const people = ['Dr Sipho Dlamini', 'Dr Ayesha Patel', 'Dr Johan Botha'].map((name, i) => ({
      name,
      email: `doctor${i}.${Date.now()}@seapoint.example.co.za`,
    }));
    const invitations = [];
    for (const who of people) invitations.push(await invitePractitioner(t, managerToken, who));
    // The manager never sees an invitation's link.
    expect((await managerView(managerToken)).text).not.toContain(invitations[0]!.token);

    // The invitation opens the practice's part, read-only, for the invited practitioner.
    const opened = await t.request(`/api/practice-invitations/${invitations[0]!.token}`);
    expect(opened.status).toBe(200);
    expect(await opened.json()).toMatchObject({
      invitee: { name: people[0]!.name, email: people[0]!.email },
      submitted: false,
      practice: {
        name: application.name,
        practiceType: 'established',
        selectedSchemes: application.selectedSchemes,
        documents: [
          { sectionKey: 'bank_proof', fileName: 'bank_proof-scan.pdf' },
          { sectionKey: 'bhf_form', fileName: 'bhf_form-scan.pdf' },
        ],
      },
    });

    // Two send their own part; the first unticks one scheme.
    const firstPart = await ownPart(t, people[0]!.email, {
      selectedSchemes: ['discovery_health_medical_scheme', 'bestmed'],
    });
    const first = await created(await sendOwnPart(t, invitations[0]!.token, firstPart));
    const secondPart = await ownPart(t, people[1]!.email);
    const second = await created(await sendOwnPart(t, invitations[1]!.token, secondPart));
    expect(first.trackingToken).not.toBe(second.trackingToken);
    // Each their own receipt, at the invited address.
    await waitForMailTo(t, people[0]!.email, 2);
    expect((await waitForMailTo(t, people[1]!.email, 2)).length).toBe(2);

    const firstTracking = await track(t, first.trackingToken);
    expect(firstTracking.submission).toMatchObject({
      practiceType: 'established',
      practiceNumber: application.practiceType === 'established' ? application.practiceNumber : '',
      hpcsaNumber: 'MP0654321',
      selectedParents: ['discovery', 'bestmed'],
      selectedSchemes: ['discovery_health_medical_scheme', 'bestmed'],
    });
    expect(firstTracking.medicalAidStatuses).toHaveLength(2);
    // Staff see both submissions, each with the practice's documents and their own.
    for (const token of [first.trackingToken, second.trackingToken]) {
      const detail = await s.detail((await track(t, token)).submission.id);
      expect(detail.documents.map((d) => d.sectionLabel).sort()).toEqual([
        'BHF Practice Details Form',
        'Certified ID Copy',
        'Proof of Banking Details',
      ]);
    }

    // The manager: two done, one invited; names and per-scheme statuses only.
    const { text, view } = await managerView(managerToken);
    // Invited in one instant of the test's clock: their order is not the point.
    const byName = (name: string) => view.practitioners.find((p) => p.name === name)!;
    expect(people.map((p) => byName(p.name).state)).toEqual(['submitted', 'submitted', 'invited']);
    expect(view.practitioners).toHaveLength(3);
    expect(byName(people[0]!.name).schemes).toEqual([
      { schemeName: expect.any(String), status: 'pending' },
      { schemeName: expect.any(String), status: 'pending' },
    ]);
    const detail = await s.detail(firstTracking.submission.id);
    for (const secret of [
      firstPart.practitioner.idNumber,
      first.trackingToken,
      second.trackingToken,
      'certified_id',
      'uploads/',
      ...detail.documents.map((d) => d.id),
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it("does not reach a practitioner's personal document with the manager's link", async () => {
    const t = s.t;
    const managerToken = await startPractice(t, await practiceApplication(t));
    const email = `personal.${Date.now()}@seapoint.example.co.za`;
    const { token } = await invitePractitioner(t, managerToken, {
      name: 'Dr Personal',
      email,
    });
    const part = await ownPart(t, email);
    const sent = await created(await sendOwnPart(t, token, part));
    const idDocument = (
      await s.detail((await track(t, sent.trackingToken)).submission.id)
    ).documents.find((d) => d.sectionLabel === 'Certified ID Copy')!;
    const personalKey = /uploads\/[0-9a-f-]{36}/.exec(part.documents[0]!.url)![0];

    // Every door a link opens, tried with the manager's: none opens.
    for (const path of [
      `/api/submissions/${managerToken}`,
      `/api/submissions/${managerToken}/scheme-forms`,
      `/api/practice-invitations/${managerToken}`,
      `/api/admin/documents/${idDocument.id}/download`,
      `/api/storage/${personalKey}`,
    ]) {
      const res = await t.request(path);
      expect([401, 403, 404], path).toContain(res.status);
      expect(await res.text()).not.toContain(part.practitioner.idNumber);
    }
    const { text } = await managerView(managerToken);
    expect(text).not.toContain(idDocument.id);
    expect(text).not.toContain(idDocument.fileName);
    expect(text).not.toContain(part.practitioner.idNumber);
  });
});
