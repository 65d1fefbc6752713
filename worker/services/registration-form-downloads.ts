// The public side of the registration forms (SPEC §7): the list practitioners see (public
// fields only) and short-lived signed download links. Staff manage the rows elsewhere.
import { asc, eq } from 'drizzle-orm';
import type { PublicMedicalAidDocument } from '../../schema/api.ts';
import { medicalAidDocuments } from '../../schema/db.ts';
import type { Deps } from '../app.ts';

export const DOWNLOAD_URL_EXPIRY_SECONDS = 5 * 60;
export const FORM_NOT_FOUND_MESSAGE = 'This registration form is no longer available.';

export async function listPublicRegistrationForms(deps: Deps): Promise<PublicMedicalAidDocument[]> {
  return deps.db
    .select({
      id: medicalAidDocuments.id,
      schemeKey: medicalAidDocuments.schemeKey,
      fileName: medicalAidDocuments.fileName,
      description: medicalAidDocuments.description,
    })
    .from(medicalAidDocuments)
    .orderBy(asc(medicalAidDocuments.schemeKey), asc(medicalAidDocuments.createdAt));
}

/** A signed download URL for the form, or null when the form or its bytes are gone. */
export async function registrationFormDownloadUrl(deps: Deps, id: string): Promise<string | null> {
  if (id.length > 100) return null;
  const [form] = await deps.db
    .select({
      fileName: medicalAidDocuments.fileName,
      storagePath: medicalAidDocuments.storagePath,
    })
    .from(medicalAidDocuments)
    .where(eq(medicalAidDocuments.id, id));
  if (!form || !(await deps.store.head(form.storagePath))) return null;
  return deps.store.createDownloadUrl(form.storagePath, {
    fileName: form.fileName,
    expiresInSeconds: DOWNLOAD_URL_EXPIRY_SECONDS,
  });
}
