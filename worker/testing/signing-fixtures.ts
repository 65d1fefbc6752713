// An application as far as signing needs it (decision 108): its address confirmed, codes read
// from the mail, its profile saved and signed through the HTTP interface, and a form of one of
// its schemes that staff mapped.
import { eq } from 'drizzle-orm';
import { practitionerProfiles, registrationForms, securityEvents } from '../../schema/db.ts';
import { FLAT_MAPPING, flatForm } from './form-fixtures.ts';
import type { manualClock, TestApp } from './harness.ts';
import { addressConfirmed, mailedProofCode } from './profile-proof.ts';
import { signaturePngDataUrl } from './signature-fixture.ts';
import { seedSubmission, streamOf } from './staff-fixtures.ts';

export async function signingApplication(t: TestApp, { confirmed = true } = {}) {
  const seeded = await seedSubmission(t);
  if (confirmed) await addressConfirmed(t, seeded.submissionId);
  const token = seeded.trackingToken;
  const post = (path: string, body: unknown, code?: string) =>
    t.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(code ? { 'Proof-Code': code } : {}) },
      body: JSON.stringify(body),
    });
  return {
    ...seeded,
    code: () => mailedProofCode(t, token),
    save: (body: unknown, code?: string) => post(`/api/submissions/${token}/profile`, body, code),
    sign: (formId: string, code?: string, profileVersion = 1) =>
      post(
        `/api/submissions/${token}/scheme-forms/sign`,
        { profileVersion, formIds: [formId], signaturePng: signaturePngDataUrl() },
        code,
      ),
    stored: async () =>
      (
        await t.deps.db
          .select()
          .from(practitionerProfiles)
          .where(eq(practitionerProfiles.submissionId, seeded.submissionId))
      )[0],
    logged: async (action: string) =>
      (
        await t.deps.db
          .select()
          .from(securityEvents)
          .where(eq(securityEvents.submissionId, seeded.submissionId))
      ).filter((e) => e.action === action),
  };
}

/** A fillable form of one of the seeded application's schemes (Discovery), mapped by staff. */
export async function mappedForm(
  t: TestApp,
  clock: ReturnType<typeof manualClock>,
): Promise<string> {
  const id = crypto.randomUUID();
  const bytes = await flatForm();
  await t.deps.store.put(`forms/${id}`, streamOf(bytes), {
    contentType: 'application/pdf',
    maxBytes: 1_000_000,
  });
  await t.deps.db.insert(registrationForms).values({
    id,
    schemeKey: 'discovery_health_medical_scheme',
    schemeName: 'Discovery Health',
    fileName: 'discovery.pdf',
    fileSize: bytes.byteLength,
    fileType: 'application/pdf',
    storagePath: `forms/${id}`,
    fieldMappings: FLAT_MAPPING,
    mappingsConfirmedAt: clock.now(),
    createdAt: clock.now(),
  });
  // A later form of the scheme is its newer version, the one offered: later by a second.
  clock.advance(1000);
  return id;
}
