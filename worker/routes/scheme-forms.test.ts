// Scheme forms filled from the practitioner profile and signed once (decision 092): which forms
// the tracking token is offered, the preview filled from the profile the phone sends, the
// signing (stored with the application, hashed into the security log), the staff list, and the
// signed forms going with their submission.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  registrationForms,
  securityEvents,
  signedSchemeForms,
  submissions,
} from '../../schema/db.ts';
import type { FieldMapping } from '../../schema/form-mapping-api.ts';
import type { SchemeFormsView, StaffSignedSchemeForms } from '../../schema/scheme-forms-api.ts';
import {
  FILLABLE_MAPPING,
  FLAT_MAPPING,
  fillableForm,
  flatForm,
  SIGNATURE_BOX,
} from '../testing/form-fixtures.ts';
import { manualClock } from '../testing/harness.ts';
import { drawnImages, fieldValues } from '../testing/pdf-readback.ts';
import { aProfile } from '../testing/profile-fixtures.ts';
import { addressConfirmed, mailedProofCode } from '../testing/profile-proof.ts';
import { declaredPngDataUrl, signaturePngDataUrl } from '../testing/signature-fixture.ts';
import { seedSubmission, streamOf } from '../testing/staff-fixtures.ts';
import { staffSession } from '../testing/staff-requests.ts';

const clock = manualClock();
const staff = staffSession({ clock });
const json = { 'Content-Type': 'application/json' };

async function storeForm(schemeKey: string, bytes: Uint8Array, mappings?: FieldMapping[]) {
  const id = crypto.randomUUID();
  const storagePath = `forms/${id}`;
  await staff.t.deps.store.put(storagePath, streamOf(bytes), {
    contentType: 'application/pdf',
    maxBytes: 1_000_000,
  });
  await staff.t.deps.db.insert(registrationForms).values({
    id,
    schemeKey,
    schemeName: schemeKey === 'bestmed' ? 'Bestmed' : 'Discovery Health',
    fileName: `${schemeKey}-form.pdf`,
    fileSize: bytes.byteLength,
    fileType: 'application/pdf',
    storagePath,
    description: null,
    year: 2026,
    createdAt: clock.now(),
  });
  if (mappings) {
    const res = await staff.request(`/api/admin/medical-aid-documents/${id}/mapping`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ mappings }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }
  clock.advance(1000);
  return id;
}

// Bestmed: an old form (mapped), then its newer version (mapped): only the newer is offered.
// Discovery's scheme: a flat form with placed boxes. A third, unmapped form is not offered.
let oldBestmed = '';
let bestmed = '';
let bestmedBanking = '';
let flat = '';
beforeAll(async () => {
  oldBestmed = await storeForm('bestmed', await fillableForm(), FILLABLE_MAPPING);
  bestmed = await storeForm('bestmed', await fillableForm(), FILLABLE_MAPPING);
  // A second, different form of the same scheme (no field names in common): offered too.
  bestmedBanking = await storeForm('bestmed', await flatForm(), FLAT_MAPPING);
  flat = await storeForm('discovery_health_medical_scheme', await flatForm(), FLAT_MAPPING);
  await storeForm('discovery', await fillableForm());
});

const get = (token: string) => staff.t.request(`/api/submissions/${token}/scheme-forms`);
const preview = (token: string, formId: string, body: unknown = aProfile()) =>
  staff.t.request(`/api/submissions/${token}/scheme-forms/${formId}/preview`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(body),
  });
const proof = (code?: string): Record<string, string> => (code ? { 'Proof-Code': code } : {});
const sign = (token: string, body: unknown, code?: string) =>
  staff.t.request(`/api/submissions/${token}/scheme-forms/sign`, {
    method: 'POST',
    headers: { ...json, ...proof(code) },
    body: JSON.stringify(body),
  });
const saveProfile = (token: string, code?: string, profile = aProfile()) =>
  staff.t.request(`/api/submissions/${token}/profile`, {
    method: 'POST',
    headers: { ...json, ...proof(code) },
    body: JSON.stringify(profile),
  });
/** A submission whose address is confirmed, so that its tracking token can ask for codes. */
async function confirmedSubmission() {
  const seeded = await seedSubmission(staff.t);
  await addressConfirmed(staff.t, seeded.submissionId);
  return { ...seeded, code: () => mailedProofCode(staff.t, seeded.trackingToken) };
}
const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

describe('scheme forms for the tracking token', () => {
  it("offers each chosen scheme's mapped forms but not a version a newer one replaces", async () => {
    const seeded = await seedSubmission(staff.t);
    const res = await get(seeded.trackingToken);
    expect(res.status).toBe(200);
    const view = (await res.json()) as SchemeFormsView;
    expect(view.profileVersion).toBeNull();
    expect(view.signedForms).toEqual([]);
    expect(view.forms.map((f) => f.formId).sort()).toEqual([bestmed, bestmedBanking, flat].sort());
    expect(view.forms.find((f) => f.formId === bestmed)).toMatchObject({
      schemeName: 'Bestmed',
      signed: true,
      profileFields: expect.arrayContaining(['lastName', 'branchCode', 'accountType']),
    });
    expect((await get('trk-not-a-token')).status).toBe(404);
  });

  it('previews a form filled from the profile the phone sends, keeping nothing', async () => {
    const seeded = await seedSubmission(staff.t);
    await addressConfirmed(staff.t, seeded.submissionId);
    const res = await preview(seeded.trackingToken, bestmed);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    const values = await fieldValues(await bytesOf(res));
    expect(values).toMatchObject({
      Surname: expect.stringMatching(/^Nkosi/),
      // The token alone does not read the ID number: its last four digits only.
      'ID No': '*********9087',
      'Br Code': '470010',
      'Acc No': '1234567890',
      Male: 'checked',
      Female: '',
      'Account type': 'Savings',
      'Unmapped note': '',
    });
    expect((await get(seeded.trackingToken)).status).toBe(200);
    const view = (await (await get(seeded.trackingToken)).json()) as SchemeFormsView;
    expect(view.profileVersion).toBeNull();
    // An older version, another application's form, or a bad profile: refused.
    expect((await preview(seeded.trackingToken, oldBestmed)).status).toBe(404);
    const bad = await preview(seeded.trackingToken, bestmed, { ...aProfile(), dateOfBirth: 'x' });
    expect(bad.status).toBe(400);
  });

  it('signs every chosen form once from the stored profile and records each signing', async () => {
    const seeded = await confirmedSubmission();
    const signature = signaturePngDataUrl();
    const body = { profileVersion: 1, formIds: [bestmed, flat], signaturePng: signature };
    expect((await sign(seeded.trackingToken, body)).status).toBe(409); // no profile yet
    expect((await saveProfile(seeded.trackingToken, await seeded.code())).status).toBe(200);
    expect((await sign(seeded.trackingToken, { ...body, profileVersion: 2 })).status).toBe(409);
    const notPng = { ...body, signaturePng: btoa('GIF89a'.padEnd(120, 'x')) };
    expect((await sign(seeded.trackingToken, notPng)).status).toBe(400);
    // A few hundred bytes declaring 20,000 × 20,000: refused from its header, nothing kept.
    const giant = { ...body, signaturePng: declaredPngDataUrl(20_000, 20_000, 80_001) };
    const refused = await sign(seeded.trackingToken, giant);
    expect([refused.status, (await refused.json()).error.code]).toEqual([400, 'invalid_signature']);
    expect((await sign(seeded.trackingToken, { ...body, formIds: [oldBestmed] })).status).toBe(409);
    const res = await sign(seeded.trackingToken, body, await seeded.code());
    expect(res.status, await res.clone().text()).toBe(201);
    const view = (await res.json()) as SchemeFormsView;
    expect(view.profileVersion).toBe(1);
    expect(view.signedForms.map((f) => f.schemeName).sort()).toEqual([
      'Bestmed',
      'Discovery Health',
    ]);
    expect(JSON.stringify(view)).not.toContain('1234567890');

    const rows = await staff.t.deps.db
      .select()
      .from(signedSchemeForms)
      .where(eq(signedSchemeForms.submissionId, seeded.submissionId));
    expect(rows).toHaveLength(2);
    const logged = await staff.t.deps.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.action, 'scheme_form_signed'));
    for (const row of rows) {
      const stored = await staff.t.deps.store.get(row.objectKey);
      const bytes = new Uint8Array(await new Response(stored?.body).arrayBuffer());
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(row.sha256);
      // The address is kept with the submission; the log has only a keyed fingerprint of it.
      expect(row.signedFrom).not.toBe('');
      const entry = logged.find((e) => e.entityId === row.id);
      expect(entry).toMatchObject({
        submissionId: seeded.submissionId,
        actorType: 'anonymous',
        details: {
          registrationFormId: row.registrationFormId,
          documentSha256: row.sha256,
          profileVersion: 1,
          clientFingerprint: expect.stringMatching(/^[0-9a-f]{16}$/),
        },
      });
      expect(entry?.createdAt.getTime()).toBe(row.signedAt.getTime());
      expect(JSON.stringify(entry?.details)).not.toContain(row.signedFrom);
      const images = await drawnImages(bytes);
      if (row.registrationFormId === flat) {
        // The signature sits inside the box staff placed on the flat page.
        expect(images).toHaveLength(1);
        const [image] = images;
        expect(image?.page).toBe(0);
        expect(image?.x).toBeGreaterThanOrEqual(SIGNATURE_BOX.x);
        expect((image?.x ?? 0) + (image?.width ?? 0)).toBeLessThanOrEqual(
          SIGNATURE_BOX.x + SIGNATURE_BOX.width + 0.01,
        );
        expect(image?.y).toBeGreaterThanOrEqual(SIGNATURE_BOX.y);
      } else {
        // On the form's own signature field (page 2, 300/100, 200 × 60).
        expect(images).toEqual([
          expect.objectContaining({ page: 1, x: expect.any(Number), y: expect.any(Number) }),
        ]);
        expect(images[0]?.x).toBeGreaterThanOrEqual(299); // the widget's border is half a point out
        expect(images[0]?.y).toBeGreaterThanOrEqual(99);
        expect((await fieldValues(bytes))['Br Code']).toBe('470010');
        expect((await fieldValues(bytes))['ID No']).toBe('8001015009087');
      }
    }
  });

  it('lists the signed forms for staff with download links, and deletes them with the submission', async () => {
    const seeded = await confirmedSubmission();
    await saveProfile(seeded.trackingToken, await seeded.code());
    const signed = await sign(
      seeded.trackingToken,
      { profileVersion: 1, formIds: [bestmed], signaturePng: signaturePngDataUrl() },
      await seeded.code(),
    );
    expect(signed.status).toBe(201);
    const listed = async () => {
      const res = await staff.request(`/api/admin/submissions/${seeded.submissionId}/signed-forms`);
      expect(res.status).toBe(200);
      return (await res.json()) as StaffSignedSchemeForms;
    };
    const check = (profileVersion: number) =>
      staff.request(`/api/admin/submissions/${seeded.submissionId}/account-check`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ profileVersion }),
      });
    // No link before a staff member checks the bank details the form carries (decision 107).
    const before = await listed();
    expect(before.forms).toEqual([
      expect.objectContaining({ schemeName: 'Bestmed', downloadUrl: null }),
    ]);
    expect(before.account).toMatchObject({ accountNumber: '1234567890', checked: null });
    expect((await check(2)).status).toBe(409);
    expect((await check(1)).status).toBe(200);
    const list = (await listed()).forms;
    expect(list).toEqual([
      expect.objectContaining({ schemeName: 'Bestmed', fileName: 'signed-bestmed-form.pdf' }),
    ]);
    const download = await staff.t.request(
      new URL(list[0]?.downloadUrl ?? '').pathname + new URL(list[0]?.downloadUrl ?? '').search,
    );
    expect(download.status).toBe(200);
    expect((await fieldValues(await bytesOf(download))).Surname).toMatch(/^Nkosi/);
    // Other bank details sent with the token: the check is gone and the signed form closed.
    const moved = { ...aProfile(), bank: { ...aProfile().bank, accountNumber: '9876543210' } };
    await saveProfile(seeded.trackingToken, await seeded.code(), moved);
    const after = await listed();
    expect(after.forms.map((f) => f.downloadUrl)).toEqual([null]);
    expect(after.account).toMatchObject({ accountNumber: '9876543210', checked: null });
    expect(
      (
        await staff.request(
          '/api/admin/submissions/00000000-0000-0000-0000-000000000000/signed-forms',
        )
      ).status,
    ).toBe(404);

    const [row] = await staff.t.deps.db
      .select()
      .from(signedSchemeForms)
      .where(eq(signedSchemeForms.submissionId, seeded.submissionId));
    const deleted = await staff.request(`/api/admin/submissions/${seeded.submissionId}`, {
      method: 'DELETE',
    });
    expect(deleted.status).toBe(200);
    expect(await staff.t.deps.store.head(row?.objectKey ?? '')).toBeNull();
    const left = await staff.t.deps.db
      .select()
      .from(signedSchemeForms)
      .where(eq(signedSchemeForms.submissionId, seeded.submissionId));
    expect(left).toEqual([]);
    const gone = await staff.t.deps.db
      .select()
      .from(submissions)
      .where(eq(submissions.id, seeded.submissionId));
    expect(gone).toEqual([]);
  });
});
