// Names with letters outside WinAnsi (review 2026-11-28, L7): the preview and the signing of a
// practitioner called Łukasz Wójcik, of Nguyễn & Şahin's practice, answer 200 and 201, and the PDFs
// read back the names, drawn with an embedded Unicode font (decision 110).
import { eq } from 'drizzle-orm';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedSchemeForms } from '../../schema/db.ts';
import {
  FILLABLE_MAPPING,
  FLAT_MAPPING,
  fillableForm,
  flatForm,
} from '../testing/form-fixtures.ts';
import { manualClock } from '../testing/harness.ts';
import { fieldValues } from '../testing/pdf-readback.ts';
import { pdfText } from '../testing/pdf-text.ts';
import { aProfile } from '../testing/profile-fixtures.ts';
import { addressConfirmed, mailedProofCode } from '../testing/profile-proof.ts';
import { signaturePngDataUrl } from '../testing/signature-fixture.ts';
import { seedSubmission } from '../testing/staff-fixtures.ts';
import { staffSession } from '../testing/staff-requests.ts';
import { storedForm } from '../testing/stored-forms.ts';

const clock = manualClock();
const staff = staffSession({ clock });
const json = { 'Content-Type': 'application/json' };
const PRACTICE = 'Nguyễn & Şahin Rodzinna Praktyka Łódź';
const profile = { ...aProfile(), practiceName: PRACTICE };

const post = (path: string, body: unknown, code?: string) =>
  staff.t.request(path, {
    method: 'POST',
    headers: { ...json, ...(code ? { 'Proof-Code': code } : {}) },
    body: JSON.stringify(body),
  });

/** Whether the PDF embeds a font program (a TrueType subset), not only the standard 14. */
async function embedsAFont(bytes: Uint8Array): Promise<boolean> {
  const doc = await PDFDocument.load(bytes);
  return doc.context
    .enumerateIndirectObjects()
    .some(([, object]) => object instanceof PDFDict && object.has(PDFName.of('FontFile2')));
}

let fillable = '';
let flat = '';
beforeAll(async () => {
  fillable = await storedForm(staff.t, {
    schemeKey: 'bestmed',
    bytes: await fillableForm(),
    fieldMappings: FILLABLE_MAPPING,
  });
  flat = await storedForm(staff.t, {
    schemeKey: 'discovery_health_medical_scheme',
    bytes: await flatForm(),
    fieldMappings: FLAT_MAPPING,
  });
});

describe('names outside WinAnsi', () => {
  it('preview and sign with an embedded Unicode font, and read back', async () => {
    const seeded = await seedSubmission(staff.t, {
      firstName: 'Łukasz',
      lastName: 'Wójcik-Nguyễn',
    });
    await addressConfirmed(staff.t, seeded.submissionId);
    const token = seeded.trackingToken;

    const filled = await post(
      `/api/submissions/${token}/scheme-forms/${fillable}/preview`,
      profile,
    );
    expect(filled.status, await filled.clone().text()).toBe(200);
    const filledBytes = new Uint8Array(await filled.arrayBuffer());
    expect((await fieldValues(filledBytes)).Surname).toBe('Wójcik-Nguyễn');
    expect(await embedsAFont(filledBytes)).toBe(true);

    const placed = await post(`/api/submissions/${token}/scheme-forms/${flat}/preview`, profile);
    expect(placed.status, await placed.clone().text()).toBe(200);
    expect(await pdfText(new Uint8Array(await placed.arrayBuffer()))).toContain(PRACTICE);

    await post(`/api/submissions/${token}/profile`, profile);
    const saved = await post(
      `/api/submissions/${token}/profile`,
      profile,
      await mailedProofCode(staff.t, token),
    );
    expect(saved.status, await saved.clone().text()).toBeLessThan(300);
    const body = {
      profileVersion: 1,
      formIds: [fillable, flat],
      signaturePng: signaturePngDataUrl(),
    };
    await post(`/api/submissions/${token}/scheme-forms/sign`, body);
    const signed = await post(
      `/api/submissions/${token}/scheme-forms/sign`,
      body,
      await mailedProofCode(staff.t, token),
    );
    expect(signed.status, await signed.clone().text()).toBe(201);
    const rows = await staff.t.deps.db
      .select()
      .from(signedSchemeForms)
      .where(eq(signedSchemeForms.submissionId, seeded.submissionId));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const object = await staff.t.deps.store.get(row.objectKey);
      const bytes = new Uint8Array(await new Response(object!.body).arrayBuffer());
      if (row.registrationFormId === flat) expect(await pdfText(bytes)).toContain(PRACTICE);
      else expect((await fieldValues(bytes)).Surname).toBe('Wójcik-Nguyễn');
    }
  });

  it('keeps the standard font, with nothing embedded, for names WinAnsi can write', async () => {
    const seeded = await seedSubmission(staff.t, { firstName: 'Zoë', lastName: 'Müller' });
    await addressConfirmed(staff.t, seeded.submissionId);
    const res = await post(
      `/api/submissions/${seeded.trackingToken}/scheme-forms/${fillable}/preview`,
      aProfile(),
    );
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect((await fieldValues(bytes)).Surname).toBe('Müller');
    expect(await embedsAFont(bytes)).toBe(false);
  });
});
