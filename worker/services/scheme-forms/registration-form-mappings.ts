// Making a scheme's registration form fillable, once: the server reads the PDF's own fields,
// proposes which profile field each one asks for, and stores the mapping staff confirm with the
// form. A form uploaded for the same scheme later (a new year's version) starts from the last
// confirmed mapping wherever its field names are the same.
import { and, desc, eq, isNotNull, ne } from 'drizzle-orm';
import { registrationForms } from '../../../schema/db.ts';
import type { FieldMapping, FormField, FormMappingView } from '../../../schema/form-mapping-api.ts';
import {
  mappingFor,
  mappingProblems,
  proposeFor,
  vanishedFields,
} from '../../../schema/form-mapping-rules.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http.ts';
import {
  pageCountOf,
  readFormFields,
  UnreadableFormError,
} from '../form-pdfs/registration-form-filling.ts';
import { securityLogInsert, staffActor } from '../security-log/security-log.ts';
import type { StaffIdentity } from '../staff-sessions/sessions.ts';
import { requireFormWithinLimit } from './form-size-limit.ts';
import { cleanStoredForm } from './stored-form-cleaning.ts';

type FormRow = typeof registrationForms.$inferSelect;

async function formRow(deps: Deps, id: string): Promise<FormRow> {
  const [row] = await deps.db.select().from(registrationForms).where(eq(registrationForms.id, id));
  if (!row) throw new ApiError(404, 'not_found', 'There is no registration form with this id.');
  if (!row.awaitingCleaning) return row;
  // Stored before uploads were cleaned: staff opening it is its first use (decision 110).
  const refused = await cleanStoredForm(deps, row);
  if (refused) throw new ApiError(409, 'form_unreadable', `${refused} Upload the form again.`);
  return formRow(deps, id);
}

async function formBytes(deps: Deps, row: FormRow): Promise<Uint8Array> {
  const stored = await deps.store.get(row.storagePath);
  if (!stored) {
    throw new ApiError(
      409,
      'form_missing',
      "This form's file is no longer stored. Upload the form again.",
    );
  }
  return new Uint8Array(await new Response(stored.body).arrayBuffer());
}

async function readForm(deps: Deps, row: FormRow) {
  requireFormWithinLimit(deps, row.fileSize);
  const bytes = await formBytes(deps, row);
  try {
    return { fields: await readFormFields(bytes), pageCount: await pageCountOf(bytes) };
  } catch (error) {
    if (!(error instanceof UnreadableFormError)) throw error;
    throw new ApiError(409, 'form_unreadable', `${error.message}. Upload the form again.`);
  }
}

/**
 * The confirmed mapping of another form of the same scheme that this one most likely replaces:
 * the one sharing the most mapped field names, the latest confirmed among equals. Boxes placed
 * on a page are not carried: a new version's pages may be laid out differently.
 */
async function earlierVersion(deps: Deps, row: FormRow, fields: FormField[]) {
  // A flat form's boxes are placed on its own pages: nothing carries over to or from it.
  if (fields.length === 0) return null;
  const others = await deps.db
    .select({
      id: registrationForms.id,
      fileName: registrationForms.fileName,
      fieldMappings: registrationForms.fieldMappings,
    })
    .from(registrationForms)
    .where(
      and(
        eq(registrationForms.schemeKey, row.schemeKey),
        ne(registrationForms.id, row.id),
        isNotNull(registrationForms.mappingsConfirmedAt),
      ),
    )
    .orderBy(desc(registrationForms.mappingsConfirmedAt));
  const names = new Set(fields.map((field) => field.name));
  const shared = (mappings: FieldMapping[] | null) =>
    (mappings ?? []).filter((m) => 'formField' in m && names.has(m.formField));
  let best: (typeof others)[number] | undefined;
  for (const other of others) {
    if (!best || shared(other.fieldMappings).length > shared(best.fieldMappings).length) {
      best = other;
    }
  }
  if (!best) return null;
  return {
    carried: shared(best.fieldMappings),
    from: {
      formId: best.id,
      fileName: best.fileName,
      vanished: vanishedFields(best.fieldMappings ?? [], fields),
    },
  };
}

function proposedByName(fields: FormField[], taken: Set<string>): FieldMapping[] {
  return fields.flatMap((field) => {
    if (taken.has(field.name)) return [];
    const profileField = proposeFor(field);
    return profileField ? [mappingFor(field, profileField)] : [];
  });
}

/** The form's fields and its mapping: the confirmed one, or a proposal until staff confirm. */
export async function registrationFormMapping(deps: Deps, id: string): Promise<FormMappingView> {
  const row = await formRow(deps, id);
  const { fields, pageCount } = await readForm(deps, row);
  const view = {
    formId: row.id,
    fileName: row.fileName,
    schemeName: row.schemeName,
    pageCount,
    fields,
  };
  if (row.fieldMappings && row.mappingsConfirmedAt) {
    return {
      ...view,
      mappings: row.fieldMappings,
      proposed: false,
      confirmedAt: row.mappingsConfirmedAt.toISOString(),
      carriedFrom: null,
    };
  }
  const earlier = await earlierVersion(deps, row, fields);
  const carried = earlier?.carried ?? [];
  const taken = new Set(carried.flatMap((m) => ('formField' in m ? [m.formField] : [])));
  return {
    ...view,
    mappings: [...carried, ...proposedByName(fields, taken)],
    proposed: true,
    confirmedAt: null,
    carriedFrom: earlier?.from ?? null,
  };
}

/** The form's PDF, for the staff screen that renders its pages to place boxes on. */
export async function registrationFormPdf(deps: Deps, id: string) {
  const row = await formRow(deps, id);
  return { bytes: await formBytes(deps, row), fileName: row.fileName };
}

/**
 * Stores the mapping staff confirmed. Every form field named must be one the form has, once;
 * every placed box must be on one of its pages. Answers the stored view.
 */
export async function confirmRegistrationFormMapping(
  deps: Deps,
  staff: StaffIdentity,
  id: string,
  mappings: FieldMapping[],
): Promise<FormMappingView> {
  const row = await formRow(deps, id);
  const { fields, pageCount } = await readForm(deps, row);
  const problems = mappingProblems(mappings, fields, pageCount);
  if (Object.keys(problems).length > 0) {
    throw new ApiError(
      400,
      'invalid_mapping',
      'Some mapped fields do not fit this form. Correct them and save again.',
      problems,
    );
  }
  const now = deps.clock.now();
  await deps.db.batch([
    deps.db
      .update(registrationForms)
      .set({ fieldMappings: mappings, mappingsConfirmedAt: now })
      .where(eq(registrationForms.id, id)),
    securityLogInsert(
      deps.db,
      {
        action: 'registration_form_mapping_confirmed',
        actor: staffActor(staff),
        entityType: 'medical_aid_document',
        entityId: id,
        details: { mappedFields: mappings.length },
      },
      now,
    ),
  ]);
  return {
    formId: id,
    fileName: row.fileName,
    schemeName: row.schemeName,
    pageCount,
    fields,
    mappings,
    proposed: false,
    confirmedAt: now.toISOString(),
    carriedFrom: null,
  };
}
