// The public side of the registration forms (docs/product.md#api): the list practitioners see
// (public
// fields only) and short-lived signed download links. Staff manage the rows elsewhere.
import { asc, eq } from 'drizzle-orm';
import { registrationForms } from '../../../schema/db.ts';
import type { PublicRegistrationForm } from '../../../schema/registration-form-api.ts';
import type { Deps } from '../../deps.ts';

const DOWNLOAD_URL_EXPIRY_SECONDS = 5 * 60;
export const FORM_NOT_FOUND_MESSAGE = 'This registration form is no longer available.';

export async function listPublicRegistrationForms(deps: Deps): Promise<PublicRegistrationForm[]> {
  return deps.db
    .select({
      id: registrationForms.id,
      schemeKey: registrationForms.schemeKey,
      fileName: registrationForms.fileName,
      description: registrationForms.description,
    })
    .from(registrationForms)
    .orderBy(asc(registrationForms.schemeKey), asc(registrationForms.createdAt));
}

/** A signed download URL for the form, or null when the form or its bytes are gone. */
export async function registrationFormDownloadUrl(deps: Deps, id: string): Promise<string | null> {
  if (id.length > 100) return null;
  const [form] = await deps.db
    .select({
      fileName: registrationForms.fileName,
      storagePath: registrationForms.storagePath,
      awaitingCleaning: registrationForms.awaitingCleaning,
    })
    .from(registrationForms)
    .where(eq(registrationForms.id, id));
  // Not handed out as it was uploaded: only its clean copy, once made (decision 110).
  if (!form || form.awaitingCleaning || !(await deps.store.head(form.storagePath))) return null;
  return deps.store.createDownloadUrl(form.storagePath, {
    fileName: form.fileName,
    expiresInSeconds: DOWNLOAD_URL_EXPIRY_SECONDS,
  });
}
