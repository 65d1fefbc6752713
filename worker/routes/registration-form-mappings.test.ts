import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registrationForms, securityEvents } from '../../schema/db.ts';
import type { FormMappingView } from '../../schema/form-mapping-api.ts';
import { fillableForm } from '../testing/form-fixtures.ts';
import { manualClock } from '../testing/harness.ts';
import { streamOf } from '../testing/staff-fixtures.ts';
import { staffSession, UNKNOWN_ID } from '../testing/staff-requests.ts';

const clock = manualClock();
const ACCOUNT_CHOICES = [
  { option: 'Cheque', answer: 'Cheque / current' },
  { option: 'Savings', answer: 'Savings' },
  { option: 'Transmission', answer: 'Transmission' },
];
const session = staffSession({ clock });

async function storeForm(id: string, bytes: Uint8Array, schemeKey = 'bestmed') {
  const storagePath = `forms/${id}`;
  await session.t.deps.store.put(storagePath, streamOf(bytes), {
    contentType: 'application/pdf',
    maxBytes: 1_000_000,
  });
  await session.t.deps.db.insert(registrationForms).values({
    id,
    schemeKey,
    schemeName: 'Bestmed',
    fileName: `${id}.pdf`,
    fileSize: bytes.byteLength,
    fileType: 'application/pdf',
    storagePath,
    description: null,
    year: 2026,
    createdAt: clock.now(),
  });
}

const mappingOf = (id: string) => session.request(`/api/admin/medical-aid-documents/${id}/mapping`);
const confirm = (id: string, mappings: unknown) =>
  session.request(`/api/admin/medical-aid-documents/${id}/mapping`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ mappings }),
  });

describe('making a registration form fillable', () => {
  it("reads the form's own fields and proposes a profile field for each name it knows", async () => {
    await storeForm('form-2026', await fillableForm());
    const res = await mappingOf('form-2026');
    expect(res.status).toBe(200);
    const view = (await res.json()) as FormMappingView;
    expect(view.proposed).toBe(true);
    expect(view.pageCount).toBe(2);
    expect(view.fields.map((f) => `${f.name}:${f.kind}`)).toContain('Account type:radio');
    expect(view.carriedFrom).toBeNull();
    expect(view).toMatchObject({ fileName: 'form-2026.pdf', schemeName: 'Bestmed' });
    expect(view.mappings).toEqual([
      { formField: 'Surname', profileField: 'lastName' },
      { formField: 'ID No', profileField: 'idNumber' },
      { formField: 'Br Code', profileField: 'branchCode' },
      { formField: 'Acc No', profileField: 'accountNumber' },
      { formField: 'VAT registered', profileField: 'vatNumber' },
      // A checkbox named as an answer stands for it; a radio group's options are paired.
      { formField: 'Female', profileField: 'gender', answer: 'Female' },
      { formField: 'Male', profileField: 'gender', answer: 'Male' },
      { formField: 'Account type', profileField: 'accountType', choices: ACCOUNT_CHOICES },
      { formField: 'Signature', profileField: 'signature' },
    ]);
  });

  it('stores what staff confirm, changed and added to, and logs it without personal data', async () => {
    const res = await confirm('form-2026', [
      { formField: 'Surname', profileField: 'lastName' },
      { formField: 'Br Code', profileField: 'branchCode' },
      { formField: 'VAT registered', profileField: 'vatNumber' },
      { formField: 'Unmapped note', profileField: 'accountHolder' },
      { placed: { page: 1, x: 300, y: 40, width: 120, height: 20 }, profileField: 'signingDate' },
    ]);
    expect(res.status, await res.clone().text()).toBe(200);
    const again = (await (await mappingOf('form-2026')).json()) as FormMappingView;
    expect(again.proposed).toBe(false);
    expect(again.confirmedAt).toBe(clock.now().toISOString());
    expect(again.mappings).toHaveLength(5);
    const [logged] = await session.t.deps.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.action, 'registration_form_mapping_confirmed'));
    expect(logged).toMatchObject({ entityId: 'form-2026', details: { mappedFields: 5 } });
    // The forms manager tells staff which forms are filled from the profile.
    const list = (await (await session.request('/api/admin/medical-aid-documents')).json()) as {
      id: string;
      mappingConfirmedAt: string | null;
    }[];
    expect(list.find((f) => f.id === 'form-2026')?.mappingConfirmedAt).toBe(
      clock.now().toISOString(),
    );
  });

  it("a new version of the form keeps the mapping wherever its fields' names are the same", async () => {
    clock.advance(60_000);
    await storeForm('form-2027', await fillableForm({ extraField: 'Email Address' }));
    const view = (await (await mappingOf('form-2027')).json()) as FormMappingView;
    expect(view.proposed).toBe(true);
    expect(view.carriedFrom).toEqual({
      formId: 'form-2026',
      fileName: 'form-2026.pdf',
      vanished: [],
    });
    expect(view.mappings).toEqual([
      // Carried from the 2026 form, including what no name would have proposed.
      { formField: 'Surname', profileField: 'lastName' },
      { formField: 'Br Code', profileField: 'branchCode' },
      { formField: 'VAT registered', profileField: 'vatNumber' },
      { formField: 'Unmapped note', profileField: 'accountHolder' },
      // Proposed by name for the fields not mapped before.
      { formField: 'ID No', profileField: 'idNumber' },
      { formField: 'Acc No', profileField: 'accountNumber' },
      { formField: 'Female', profileField: 'gender', answer: 'Female' },
      { formField: 'Male', profileField: 'gender', answer: 'Male' },
      { formField: 'Account type', profileField: 'accountType', choices: ACCOUNT_CHOICES },
      { formField: 'Signature', profileField: 'signature' },
      { formField: 'Email Address', profileField: 'email' },
    ]);
  });

  it('names the mapped fields a new version no longer has', async () => {
    await storeForm('form-2028', await fillableForm({ leaveOut: 'Br Code' }));
    const view = (await (await mappingOf('form-2028')).json()) as FormMappingView;
    expect(view.carriedFrom).toEqual({
      formId: 'form-2026',
      fileName: 'form-2026.pdf',
      vanished: ['Br Code'],
    });
    expect(view.mappings).not.toContainEqual(expect.objectContaining({ formField: 'Br Code' }));
  });

  it("hands staff the form's own PDF for its pages to be shown", async () => {
    const res = await session.request('/api/admin/medical-aid-documents/form-2026/file');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    expect(
      (await session.request(`/api/admin/medical-aid-documents/${UNKNOWN_ID}/file`)).status,
    ).toBe(404);
  });

  it('refuses a mapping that does not fit the form, naming each problem, and keeps the stored one', async () => {
    const res = await confirm('form-2026', [
      { formField: 'Surname', profileField: 'lastName' },
      { formField: 'Surname', profileField: 'firstName' },
      { formField: 'Middle name', profileField: 'firstName' },
      { placed: { page: 4, x: 10, y: 10, width: 10, height: 10 }, profileField: 'fullName' },
    ]);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe('invalid_mapping');
    expect(body.error.fields).toEqual({
      'mappings.1': "'Surname' is mapped twice",
      'mappings.2': "The form has no field named 'Middle name'",
      'mappings.3': 'The form has 2 page(s); this box is on page 5',
    });
    const stored = (await (await mappingOf('form-2026')).json()) as FormMappingView;
    expect(stored.mappings).toHaveLength(5);
  });

  it('answers 400 for an unknown profile field and 404 for an unknown form', async () => {
    const bad = await confirm('form-2026', [{ formField: 'Surname', profileField: 'shoeSize' }]);
    expect(bad.status).toBe(400);
    expect((await mappingOf(UNKNOWN_ID)).status).toBe(404);
    expect((await confirm(UNKNOWN_ID, [])).status).toBe(404);
  });

  it('is for staff only', async () => {
    const res = await session.t.request('/api/admin/medical-aid-documents/form-2026/mapping');
    expect(res.status).toBe(401);
    const file = await session.t.request('/api/admin/medical-aid-documents/form-2026/file');
    expect(file.status).toBe(401);
  });
});
