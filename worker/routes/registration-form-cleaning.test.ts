// A scheme's registration form as it may come from the internet (review 2026-11-28, M2;
// decision 110), through the HTTP interface: staff upload it, it is parsed once within bounds
// and its active content taken out; what is stored, offered and filled is the clean copy, and
// a file that unpacks past the bound is refused at upload with a message staff can act on.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, registrationForms, securityEvents } from '../../schema/db.ts';
import { runMaintenance } from '../services/maintenance/maintenance.ts';
import { activeContentOf, activeForm, unpackingForm } from '../testing/active-pdf.ts';
import { manualClock } from '../testing/harness.ts';
import { aProfile } from '../testing/profile-fixtures.ts';
import { addressConfirmed } from '../testing/profile-proof.ts';
import { seedSubmission } from '../testing/staff-fixtures.ts';
import { staffSession } from '../testing/staff-requests.ts';
import { storedForm } from '../testing/stored-forms.ts';

const clock = manualClock();
const staff = staffSession({ clock });
const json = { 'Content-Type': 'application/json' };

async function upload(bytes: Uint8Array) {
  const slot = await staff.request('/api/upload/presigned-url', {
    method: 'POST',
    json: { fileType: 'application/pdf' },
  });
  const { uploadUrl, storagePath } = await slot.json();
  const put = await staff.t.request(uploadUrl, {
    method: 'PUT',
    body: bytes as Uint8Array<ArrayBuffer>,
    headers: { 'Content-Type': 'application/pdf' },
  });
  expect(put.status).toBe(200);
  const res = await staff.request('/api/admin/medical-aid-documents', {
    method: 'POST',
    json: {
      schemeKey: 'discovery_health_medical_scheme',
      schemeName: 'Discovery Health',
      fileName: 'discovery-2026.pdf',
      fileSize: bytes.byteLength,
      fileType: 'application/pdf',
      storagePath,
      description: 'Provider application',
      year: 2026,
    },
  });
  return { res, storagePath };
}

/** A form as it was stored before uploads were cleaned (migration 0031 marks it), mapped. */
async function storedBefore(bytes: Uint8Array) {
  // Later than every form before it: the newest version of its scheme's form.
  clock.advance(1000);
  return storedForm(staff.t, {
    schemeKey: 'discovery_health_medical_scheme',
    bytes,
    fieldMappings: [{ formField: 'Surname', profileField: 'lastName', kind: 'text' }],
    awaitingCleaning: true,
  });
}

const rowOf = async (id: string) =>
  (await staff.t.deps.db.select().from(registrationForms).where(eq(registrationForms.id, id)))[0]!;

const stored = async (path: string) => {
  const object = await staff.t.deps.store.get(path);
  return object && new Uint8Array(await new Response(object.body).arrayBuffer());
};

describe('a registration form with active content', () => {
  it('is stored, offered and filled without its JavaScript, OpenAction and embedded file', async () => {
    const { res, storagePath } = await upload(await activeForm());
    expect(res.status, await res.clone().text()).toBe(201);
    const form = await res.json();
    const clean = await stored(storagePath);
    expect(await activeContentOf(clean!)).toEqual([]);
    expect(form.fileSize).toBe(clean!.byteLength);
    const [audit] = await staff.t.deps.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, form.id));
    expect(audit?.details).toMatchObject({
      removed: expect.arrayContaining(['EmbeddedFiles', 'JavaScript', 'Launch', 'OpenAction']),
    });

    const mapped = await staff.request(`/api/admin/medical-aid-documents/${form.id}/mapping`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        mappings: [{ formField: 'Surname', profileField: 'lastName', kind: 'text' }],
      }),
    });
    expect(mapped.status, await mapped.clone().text()).toBe(200);
    const seeded = await seedSubmission(staff.t);
    await addressConfirmed(staff.t, seeded.submissionId);
    const preview = await staff.t.request(
      `/api/submissions/${seeded.trackingToken}/scheme-forms/${form.id}/preview`,
      { method: 'POST', headers: json, body: JSON.stringify(aProfile()) },
    );
    expect(preview.status, await preview.clone().text()).toBe(200);
    const filled = new Uint8Array(await preview.arrayBuffer());
    expect(await activeContentOf(filled)).toEqual([]);
  });

  it('that unpacks past the bound is refused at upload, saying what to do, and nothing is kept', async () => {
    const { res, storagePath } = await upload(await unpackingForm(40));
    expect(res.status).toBe(400);
    expect((await res.json()).error).toEqual({
      code: 'form_refused',
      message:
        'This PDF unpacks to more than 32 MB, more than a registration form needs. Print it to a new PDF or save it with "Reduce file size", then upload it again.',
    });
    expect(await staff.t.deps.store.head(storagePath)).toBeNull();
    const rows = await staff.t.deps.db
      .select()
      .from(registrationForms)
      .where(eq(registrationForms.storagePath, storagePath));
    expect(rows).toEqual([]);
  });

  it('stored before cleaning is not offered or handed out until the maintenance run cleans it', async () => {
    const id = await storedBefore(await activeForm());
    const before = await rowOf(id);
    const seeded = await seedSubmission(staff.t);
    const offered = async () =>
      (
        await (
          await staff.t.request(`/api/submissions/${seeded.trackingToken}/scheme-forms`)
        ).json()
      ).forms.map((form: { formId: string }) => form.formId);
    expect(await offered()).not.toContain(id);
    expect((await staff.t.request(`/api/medical-aid-documents/${id}/download`)).status).toBe(404);

    await runMaintenance(staff.t.deps);
    const after = await rowOf(id);
    expect(after.awaitingCleaning).toBe(false);
    expect(after.storagePath).not.toBe(before.storagePath);
    expect(await activeContentOf((await stored(after.storagePath))!)).toEqual([]);
    expect(after.fileSize).toBe((await stored(after.storagePath))!.byteLength);
    expect(await staff.t.deps.store.head(before.storagePath)).toBeNull();
    const [logged] = await staff.t.deps.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.entityId, id));
    expect(logged).toMatchObject({ action: 'registration_form_cleaned', actorType: 'server' });
    expect(await offered()).toContain(id);
    expect((await staff.t.request(`/api/medical-aid-documents/${id}/download`)).status).toBe(200);
  });

  it('stored before cleaning is cleaned when staff first open its mapping, or named unusable', async () => {
    const id = await storedBefore(await activeForm());
    const res = await staff.request(`/api/admin/medical-aid-documents/${id}/mapping`);
    expect(res.status, await res.clone().text()).toBe(200);
    const row = await rowOf(id);
    expect(row.awaitingCleaning).toBe(false);
    expect(await activeContentOf((await stored(row.storagePath))!)).toEqual([]);

    const bomb = await storedBefore(await unpackingForm(40));
    const refused = await staff.request(`/api/admin/medical-aid-documents/${bomb}/mapping`);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe(
      'This PDF unpacks to more than 32 MB, more than a registration form needs. Print it to a new PDF or save it with "Reduce file size", then upload it again. Upload the form again.',
    );
    expect((await rowOf(bomb)).awaitingCleaning).toBe(true);
  });
});
