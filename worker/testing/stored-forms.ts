// A registration form put straight into the store and the table, mapped by staff: what the
// upload would have left (awaitingCleaning: as stored before uploads were cleaned, decision 110).
import { registrationForms } from '../../schema/db.ts';
import type { FieldMapping } from '../../schema/form-mapping-api.ts';
import type { TestApp } from './harness.ts';
import { streamOf } from './staff-fixtures.ts';

export async function storedForm(
  t: TestApp,
  form: {
    schemeKey: string;
    bytes: Uint8Array;
    fieldMappings: FieldMapping[];
    awaitingCleaning?: boolean;
  },
): Promise<string> {
  const id = crypto.randomUUID();
  await t.deps.store.put(`forms/${id}`, streamOf(form.bytes), {
    contentType: 'application/pdf',
    maxBytes: 1_000_000,
  });
  await t.deps.db.insert(registrationForms).values({
    id,
    schemeKey: form.schemeKey,
    schemeName: form.schemeKey,
    fileName: `${form.schemeKey}.pdf`,
    fileSize: form.bytes.byteLength,
    fileType: 'application/pdf',
    storagePath: `forms/${id}`,
    fieldMappings: form.fieldMappings,
    mappingsConfirmedAt: t.deps.clock.now(),
    createdAt: t.deps.clock.now(),
    awaitingCleaning: form.awaitingCleaning ?? false,
  });
  return id;
}
