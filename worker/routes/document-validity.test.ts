// Documents that expire (issue 38, decision 118): the rules staff keep per section (seeded with
// their sources, changed with history), the date a practitioner gives with a file and the
// good-until that follows, a rule change re-dating the open documents, and staff's correction
// of a date on review, in the security log.
import { describe, expect, it } from 'vitest';
import type { PublicCatalogue } from '../../schema/catalogue-api.ts';
import { type StaffValidityView, staffValidityView } from '../../schema/document-validity-api.ts';
import type { SecurityLogEntry } from '../../schema/security-log-api.ts';
import type { SubmitRequest } from '../../schema/submission-api.ts';
import { buildApplication, postSubmission } from '../testing/fixtures.ts';
import { manualClock } from '../testing/harness.ts';
import { staffSession, UNKNOWN_ID } from '../testing/staff-requests.ts';
import { created, submissionByToken, track } from '../testing/submission-requests.ts';

const staff = staffSession({ clock: manualClock(new Date('2026-01-15T08:00:00Z')) });

async function view(): Promise<StaffValidityView> {
  const res = await staff.request('/api/admin/document-validity');
  expect(res.status).toBe(200);
  return staffValidityView.parse(await res.json());
}

const changeRule = (sectionKey: string, json: unknown) =>
  staff.request(`/api/admin/document-validity/rules/${sectionKey}`, { method: 'PATCH', json });

/** Submits an application whose bank letter carries the date, and returns its staff view. */
async function submittedWithBankLetterDated(date: string | undefined) {
  const payload: SubmitRequest = await buildApplication(staff.t);
  payload.documents = payload.documents.map((d) =>
    d.sectionKey === 'bank_proof' && date ? { ...d, validityDate: date } : d,
  );
  const { trackingToken } = await created(await postSubmission(staff.t, payload));
  const row = await submissionByToken(staff.t, trackingToken);
  const detail = await staff.detail(row.id);
  const bank = detail.documents.find((d) => d.sectionKey === 'bank_proof')!;
  return { id: row.id, detail, bank };
}

describe('validity rules per document section', () => {
  it('are seeded with their sources, and for staff only', async () => {
    const { rules, settings } = await view();
    expect(rules.map((r) => [r.sectionKey, r.description])).toEqual(
      expect.arrayContaining([
        ['certified_id', 'Certified within 3 months'],
        ['bank_proof', 'Dated within 3 months'],
        ['practice_number', 'Renewed every year by 31 Mar'],
        ['hpcsa_certificate', 'Renewed every year by 1 Apr'],
        ['indemnity_cover', 'Valid until the date on it'],
      ]),
    );
    expect(rules.find((r) => r.sectionKey === 'bank_proof')?.source).toBe(
      'https://www.polmed.co.za',
    );
    expect(rules.every((r) => r.updatedBy === null)).toBe(true);
    expect(settings).toEqual({ reminderLeadDays: [30, 7] });
    expect((await staff.t.request('/api/admin/document-validity')).status).toBe(401);
  });

  it('date the document from the date given with the file; an impossible date is refused', async () => {
    const { bank, detail } = await submittedWithBankLetterDated('2026-01-05');
    expect(bank).toMatchObject({ validityDate: '2026-01-05', goodUntil: '2026-04-05' });
    const other = detail.documents.find((d) => d.sectionKey === 'certified_id')!;
    expect(other).toMatchObject({ validityDate: null, goodUntil: null });

    const payload = await buildApplication(staff.t);
    payload.documents = payload.documents.map((d) => ({ ...d, validityDate: '2026-02-30' }));
    const res = await postSubmission(staff.t, payload);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('That day is not in the calendar.');
  });

  it('re-dates every open document of the section when changed, and keeps the change', async () => {
    const first = await submittedWithBankLetterDated('2025-12-31');
    const second = await submittedWithBankLetterDated('2026-01-10');
    expect(first.bank.goodUntil).toBe('2026-03-31');

    const res = await changeRule('bank_proof', {
      rule: { kind: 'dated_within', months: 2 },
      source: 'https://www.medihelp.co.za/en/forms',
    });
    expect(res.status).toBe(200);
    const after = staffValidityView.parse(await res.json());
    const bank = after.rules.find((r) => r.sectionKey === 'bank_proof')!;
    expect(bank).toMatchObject({
      description: 'Dated within 2 months',
      source: 'https://www.medihelp.co.za/en/forms',
      updatedBy: 'staff@bureau.co.za',
    });
    const change = after.changes.find((c) => c.entityId === 'bank_proof')!;
    expect(change).toMatchObject({ action: 'validity_rule_changed', actor: 'staff@bureau.co.za' });
    expect(change.details).toMatchObject({
      from: 'Dated within 3 months',
      to: 'Dated within 2 months',
    });
    expect(change.details?.documentsRedated).toBeGreaterThanOrEqual(2);

    const bankOf = async (id: string) =>
      (await staff.detail(id)).documents.find((d) => d.sectionKey === 'bank_proof')!;
    expect((await bankOf(first.id)).goodUntil).toBe('2026-02-28');
    expect((await bankOf(second.id)).goodUntil).toBe('2026-03-10');

    // The practitioner's forms label the date by the rule as changed: the wizard from the
    // catalogue, /track from the tracking view.
    const staffRule = { sectionKey: 'bank_proof', rule: { kind: 'dated_within', months: 2 } };
    const catalogue = await staff.t.request('/api/catalogue');
    expect(((await catalogue.json()) as PublicCatalogue).validityRules).toContainEqual(staffRule);
    const tracked = await track(staff.t, first.detail.submission.trackingToken);
    expect(tracked.validityRules).toContainEqual(staffRule);
  });

  it('refuses an unknown section and a rule that cannot be', async () => {
    const rule = { rule: { kind: 'valid_until' }, source: 'https://www.hpcsa.co.za' };
    expect((await changeRule('no_such_section', rule)).status).toBe(404);
    const leapDay = await changeRule('practice_number', {
      rule: { kind: 'renewed_yearly', month: 2, day: 29 },
      source: 'https://www.bhfglobal.com',
    });
    expect(leapDay.status).toBe(400);
    expect(await leapDay.text()).toContain('That day is not in that month every year.');
    const noSource = await changeRule('practice_number', { rule: rule.rule, source: 'BHF' });
    expect(noSource.status).toBe(400);
    expect((await view()).rules.find((r) => r.sectionKey === 'practice_number')?.rule.kind).toBe(
      'renewed_yearly',
    );
  });

  it('changes the reminder days, with history', async () => {
    const res = await staff.request('/api/admin/document-validity/settings', {
      method: 'PATCH',
      json: { reminderLeadDays: [7, 60, 30] },
    });
    expect(res.status).toBe(200);
    const after = staffValidityView.parse(await res.json());
    expect(after.settings).toEqual({ reminderLeadDays: [60, 30, 7] });
    expect(after.changes[0]).toMatchObject({ action: 'validity_settings_changed' });
    const refusedDays = await staff.request('/api/admin/document-validity/settings', {
      method: 'PATCH',
      json: { reminderLeadDays: [0] },
    });
    expect(refusedDays.status).toBe(400);
  });
});

describe('staff correcting the date a document carries', () => {
  it('re-dates the document, in its history and the security log', async () => {
    const { id, detail } = await submittedWithBankLetterDated(undefined);
    // The certified ID copy: certified within 3 months.
    const copy = detail.documents.find((d) => d.sectionKey === 'certified_id')!;
    expect(copy.goodUntil).toBeNull();
    const res = await staff.request(`/api/admin/documents/${copy.id}/validity-date`, {
      method: 'PATCH',
      json: { date: '2026-01-02' },
    });
    expect(res.status).toBe(200);
    const corrected = (await staff.detail(id)).documents.find((d) => d.id === copy.id)!;
    expect(corrected).toMatchObject({ validityDate: '2026-01-02', goodUntil: '2026-04-02' });
    expect((await staff.detail(id)).auditLog.map((e) => e.action)).toContain(
      'document_validity_date_corrected',
    );
    const log = await staff.request(
      '/api/admin/security-log?action=document_validity_date_corrected',
    );
    const entries = (await log.json()) as SecurityLogEntry[];
    expect(entries.some((e) => e.entityId === copy.id && e.submissionId === id)).toBe(true);

    const noRule = detail.documents.find((d) => d.sectionKey === 'bhf_form')!;
    const refused = await staff.request(`/api/admin/documents/${noRule.id}/validity-date`, {
      method: 'PATCH',
      json: { date: '2026-01-02' },
    });
    expect(refused.status).toBe(409);
    const unknown = await staff.request(`/api/admin/documents/${UNKNOWN_ID}/validity-date`, {
      method: 'PATCH',
      json: { date: '2026-01-02' },
    });
    expect(unknown.status).toBe(404);
    const badDate = await staff.request(`/api/admin/documents/${copy.id}/validity-date`, {
      method: 'PATCH',
      json: { date: '02/01/2026' },
    });
    expect(badDate.status).toBe(400);
  });
});
