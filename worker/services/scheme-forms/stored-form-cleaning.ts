// Forms stored before uploads were cleaned (decision 110, migration 0031): each is cleaned once,
// within the same bounds as an upload, by the maintenance run, or by the first staff mapping
// read, whichever comes first. Until then it is neither offered, filled nor downloaded.
import { and, eq } from 'drizzle-orm';
import { registrationForms } from '../../../schema/db.ts';
import type { Deps } from '../../deps.ts';
import { FormRefusedError } from '../../ports.ts';
import { safeError } from '../../safe-error.ts';
import { securityLogInsert } from '../security-log/security-log.ts';
import { deletePendingObjects, recordPendingDeletions } from '../uploads/object-deletions.ts';
import { workLeft } from '../work-budget/work-budget.ts';
import { formTooLargeMessage, registrationFormLimit } from './form-size-limit.ts';

type FormRow = typeof registrationForms.$inferSelect;

/**
 * Cleans one stored form; answers the refusal's message when it is past a bound (the form stays
 * awaiting, so it is never offered), null when it is clean now.
 */
export async function cleanStoredForm(deps: Deps, row: FormRow): Promise<string | null> {
  if (row.fileSize > registrationFormLimit(deps)) return formTooLargeMessage(deps);
  const stored = await deps.store.get(row.storagePath);
  if (!stored) return "This form's file is no longer stored.";
  const original = new Uint8Array(await new Response(stored.body).arrayBuffer());
  let cleaned: Awaited<ReturnType<Deps['formCleaner']['clean']>>;
  try {
    cleaned = await deps.formCleaner.clean(original);
  } catch (error) {
    if (error instanceof FormRefusedError) return error.message;
    throw error;
  }
  const now = deps.clock.now();
  // A rewritten copy goes under a key of its own: the original stays until the row points away.
  const storagePath = cleaned.removed.length > 0 ? `forms/${crypto.randomUUID()}` : row.storagePath;
  if (storagePath !== row.storagePath) {
    await deps.store.put(
      storagePath,
      new Response(cleaned.bytes as Uint8Array<ArrayBuffer>).body!,
      {
        contentType: 'application/pdf',
        maxBytes: cleaned.bytes.byteLength,
        length: cleaned.bytes.byteLength,
      },
    );
  }
  const replaced = storagePath === row.storagePath ? [] : [row.storagePath];
  const pending = recordPendingDeletions(deps.db, replaced, now);
  const [updated] = await deps.db.batch([
    deps.db
      .update(registrationForms)
      .set({ storagePath, fileSize: cleaned.bytes.byteLength, awaitingCleaning: false })
      .where(and(eq(registrationForms.id, row.id), eq(registrationForms.awaitingCleaning, true)))
      .returning({ id: registrationForms.id }),
    ...(pending ? [pending] : []),
    securityLogInsert(
      deps.db,
      {
        action: 'registration_form_cleaned',
        actor: { type: 'server' },
        entityType: 'medical_aid_document',
        entityId: row.id,
        details: { removed: cleaned.removed.join(',') || null, pageCount: cleaned.pageCount },
      },
      now,
    ),
  ]);
  if (updated.length === 0) {
    // Deleted or cleaned meanwhile: the new copy is nobody's.
    if (replaced.length > 0) await deps.store.delete(storagePath);
    return null;
  }
  await deletePendingObjects(deps, replaced);
  return null;
}

/** The maintenance step: every form still awaiting its cleaning, within the run's budget. */
export async function cleanStoredForms(deps: Deps): Promise<number> {
  const rows = await deps.db
    .select()
    .from(registrationForms)
    .where(eq(registrationForms.awaitingCleaning, true));
  let cleaned = 0;
  for (const row of rows) {
    if (!workLeft(deps)) break;
    try {
      const refused = await cleanStoredForm(deps, row);
      if (refused === null) cleaned++;
      // Staff meet the same message when they open the form's mapping.
      else
        deps.logger.error('registration form refused by its cleaning', { formId: row.id, refused });
    } catch (error) {
      deps.logger.error('registration form not cleaned', { formId: row.id, ...safeError(error) });
    }
  }
  return cleaned;
}
