// Registration-form PDFs that practitioners download per scheme (docs/product.md#screens-and-routes
// documents manager,
// §4 "Registration form upload"): staff ask for an upload URL, PUT the PDF to it, then
// register the form, within the runtime's size limit (form-size-limit.ts).
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod/mini';
import { findAdministrator, findScheme } from '../../../schema/catalogue.ts';
import { registrationForms, uploadTickets } from '../../../schema/db.ts';
import type {
  registrationFormCreationRequest,
  StaffRegistrationForm,
} from '../../../schema/registration-form-api.ts';
import type { presignedUrlResponse } from '../../../schema/upload-api.ts';
import type { Database } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http.ts';
import { type CleanedForm, FormRefusedError } from '../../ports.ts';
import { liveCatalogue } from '../catalogue/catalogue.ts';
import { auditInsert } from '../security-log/audit-log.ts';
import type { StaffIdentity } from '../staff-sessions/sessions.ts';
import { bytesMatchType, MAGIC_BYTES_LENGTH } from '../uploads/magic-bytes.ts';
import { deletePendingObjects, recordPendingDeletions } from '../uploads/object-deletions.ts';
import {
  formTooLargeMessage,
  REGISTRATION_FORM_MAX_BYTES,
  registrationFormLimit,
  requireFormWithinLimit,
} from './form-size-limit.ts';

const REGISTRATION_FORM_UPLOAD_TTL_SECONDS = 60 * 60;
const PDF = 'application/pdf';

export async function issueRegistrationFormUpload(
  deps: Deps,
  staff: StaffIdentity,
  /** The PDF's size, when the dashboard declares it: an R2 upload URL signs it (and needs it). */
  fileSize?: number,
): Promise<z.infer<typeof presignedUrlResponse>> {
  // Staff learn of a form too large for this runtime before they send it.
  if (fileSize !== undefined) requireFormWithinLimit(deps, fileSize);
  const maxBytes = registrationFormLimit(deps);
  const now = deps.clock.now();
  const storagePath = `forms/${crypto.randomUUID()}`;
  // Signed before the ticket is written: a refusal leaves no ticket behind.
  const uploadUrl = await deps.store.createUploadUrl(storagePath, {
    contentTypes: [PDF],
    maxBytes,
    expiresInSeconds: REGISTRATION_FORM_UPLOAD_TTL_SECONDS,
    ...(fileSize === undefined ? {} : { exact: { contentType: PDF, size: fileSize } }),
  });
  await deps.db.insert(uploadTickets).values({
    objectKey: storagePath,
    purpose: 'registration_form',
    requestedName: 'registration-form.pdf',
    allowedTypes: [PDF],
    maxBytes,
    clientKey: staff.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + REGISTRATION_FORM_UPLOAD_TTL_SECONDS * 1000),
  });
  return { uploadUrl, storagePath };
}

function toAdminView(row: typeof registrationForms.$inferSelect): StaffRegistrationForm {
  return {
    id: row.id,
    schemeKey: row.schemeKey,
    schemeName: row.schemeName,
    fileName: row.fileName,
    fileSize: row.fileSize,
    fileType: row.fileType,
    storagePath: row.storagePath,
    description: row.description,
    year: row.year,
    createdAt: row.createdAt.toISOString(),
    mappingConfirmedAt: row.mappingsConfirmedAt?.toISOString() ?? null,
  };
}

/** The scheme's name in the live catalogue; administrators have cards (and forms) of their own. */
async function catalogueName(deps: Deps, schemeKey: string): Promise<string | undefined> {
  const catalogue = await liveCatalogue(deps.db, deps.clock.now());
  return (
    findScheme(catalogue, schemeKey)?.scheme.label ?? findAdministrator(catalogue, schemeKey)?.label
  );
}

/**
 * The upload parsed once, within bounds, and its active content taken out; the clean copy
 * takes the original's place before the form is registered (decision 110). A refused file is
 * deleted, so the same upload URL can take a better one.
 */
async function cleanUpload(deps: Deps, storagePath: string): Promise<CleanedForm> {
  const stored = await deps.store.get(storagePath);
  if (!stored) {
    throw new ApiError(
      400,
      'upload_missing',
      'The file has not been uploaded yet. Please upload it again.',
    );
  }
  const original = new Uint8Array(await new Response(stored.body).arrayBuffer());
  let cleaned: CleanedForm;
  try {
    cleaned = await deps.formCleaner.clean(original);
  } catch (error) {
    if (!(error instanceof FormRefusedError)) throw error;
    await deps.store.delete(storagePath);
    throw new ApiError(400, 'form_refused', error.message);
  }
  if (cleaned.removed.length > 0) {
    await deps.store.delete(storagePath);
    await deps.store.put(
      storagePath,
      new Response(cleaned.bytes as Uint8Array<ArrayBuffer>).body!,
      {
        contentType: PDF,
        maxBytes: REGISTRATION_FORM_MAX_BYTES * 2,
        length: cleaned.bytes.byteLength,
      },
    );
  }
  return cleaned;
}

export async function registerRegistrationForm(
  deps: Deps,
  staff: StaffIdentity,
  input: z.infer<typeof registrationFormCreationRequest>,
): Promise<StaffRegistrationForm> {
  const { db, store } = deps;
  const schemeName = await catalogueName(deps, input.schemeKey);
  if (!schemeName) {
    throw new ApiError(400, 'unknown_scheme', 'There is no medical aid scheme with this key.', {
      schemeKey: 'Unknown scheme',
    });
  }
  const now = deps.clock.now();
  const [ticket] = await db
    .select()
    .from(uploadTickets)
    .where(
      and(
        eq(uploadTickets.objectKey, input.storagePath),
        eq(uploadTickets.purpose, 'registration_form'),
        isNull(uploadTickets.usedAt),
      ),
    );
  if (!ticket || ticket.expiresAt <= now) {
    throw new ApiError(
      400,
      'invalid_upload',
      'This upload is not known or has expired. Please upload the file again.',
      { storagePath: 'Unknown or expired upload' },
    );
  }
  const stored = await store.head(input.storagePath);
  if (!stored) {
    throw new ApiError(
      400,
      'upload_missing',
      'The file has not been uploaded yet. Please upload it again.',
    );
  }
  const start = await store.readStart(input.storagePath, MAGIC_BYTES_LENGTH);
  // A ticket issued before the runtime's limit changed is held to the limit too.
  const tooLarge = stored.size > Math.min(ticket.maxBytes, registrationFormLimit(deps));
  if (tooLarge || !start || !bytesMatchType(start, PDF)) {
    // Not what was promised: drop the bytes so the same upload URL can be used again.
    await store.delete(input.storagePath);
    throw new ApiError(
      400,
      'not_a_pdf',
      tooLarge
        ? formTooLargeMessage(deps)
        : 'The uploaded file is not a PDF. Only PDF files are allowed.',
    );
  }

  const cleaned = await cleanUpload(deps, input.storagePath);

  const row = {
    id: crypto.randomUUID(),
    schemeKey: input.schemeKey,
    schemeName,
    fileName: input.fileName,
    fileSize: cleaned.bytes.byteLength,
    fileType: PDF,
    storagePath: input.storagePath,
    description: input.description?.trim() || null,
    year: input.year,
    uploadedBy: staff.id,
    createdAt: now,
  };
  const [used] = await db.batch([
    db
      .update(uploadTickets)
      .set({ usedAt: now })
      .where(and(eq(uploadTickets.objectKey, input.storagePath), isNull(uploadTickets.usedAt)))
      .returning({ objectKey: uploadTickets.objectKey }),
    db.insert(registrationForms).values(row).onConflictDoNothing(),
    auditInsert(
      db,
      {
        staff,
        action: 'registration_form_uploaded',
        entityType: 'medical_aid_document',
        entityId: row.id,
        details: {
          schemeKey: row.schemeKey,
          fileSize: row.fileSize,
          pageCount: cleaned.pageCount,
          removed: cleaned.removed,
        },
      },
      now,
    ),
  ]);
  const [saved] = await db.select().from(registrationForms).where(eq(registrationForms.id, row.id));
  if (used.length === 0 || !saved) {
    throw new ApiError(409, 'already_registered', 'This upload has already been registered.');
  }
  return toAdminView(saved);
}

export async function listRegistrationForms(db: Database): Promise<StaffRegistrationForm[]> {
  const rows = await db
    .select()
    .from(registrationForms)
    .orderBy(asc(registrationForms.schemeKey), asc(registrationForms.createdAt));
  return rows.map(toAdminView);
}

/** Removes the record and its bytes; false when there is no such registration form. */
export async function deleteRegistrationForm(
  deps: Deps,
  staff: StaffIdentity,
  id: string,
): Promise<boolean> {
  const { db } = deps;
  const [form] = await db
    .select({ storagePath: registrationForms.storagePath })
    .from(registrationForms)
    .where(eq(registrationForms.id, id));
  if (!form) return false;
  const pending = recordPendingDeletions(db, [form.storagePath], deps.clock.now());
  await db.batch([
    db.delete(registrationForms).where(eq(registrationForms.id, id)),
    ...(pending ? [pending] : []),
    auditInsert(
      db,
      {
        staff,
        action: 'registration_form_deleted',
        entityType: 'medical_aid_document',
        entityId: id,
      },
      deps.clock.now(),
    ),
  ]);
  await deletePendingObjects(deps, [form.storagePath]);
  return true;
}
