// The registration forms an application is offered to fill and sign: every confirmed form of
// its schemes and administrators, the newest version of each (decision 044).
import { and, desc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { registrationForms } from '../../../schema/db.ts';
import type { SchemeFormToFill } from '../../../schema/scheme-forms-api.ts';
import type { Deps } from '../../deps.ts';
import type { Submission } from '../practitioner-profile/profile-proofs.ts';
import { registrationFormLimit } from './form-size-limit.ts';

export type FormRow = typeof registrationForms.$inferSelect;

const mappedNames = (row: FormRow) =>
  new Set((row.fieldMappings ?? []).flatMap((m) => ('formField' in m ? [m.formField] : [])));

/**
 * Whether `newer` is a later version of `older` (both of one scheme): they share most of the
 * older one's mapped field names, or, both flat (boxes placed, no fields), the same file name.
 * A scheme may keep two different forms (an application and a banking form): both are offered.
 */
function replaces(newer: FormRow, older: FormRow): boolean {
  const olderNames = mappedNames(older);
  const newerNames = mappedNames(newer);
  if (olderNames.size === 0 && newerNames.size === 0) return newer.fileName === older.fileName;
  const shared = [...olderNames].filter((name) => newerNames.has(name)).length;
  return shared * 2 > olderNames.size;
}

/**
 * The forms offered: every form of a scheme or administrator the application chose whose
 * mapping staff confirmed, but not one a newer confirmed form replaces (an older version stays
 * listed for staff until they delete it, decision 044; the practitioner signs the current one).
 */
export async function formsOffered(deps: Deps, submission: Submission): Promise<FormRow[]> {
  const keys = [...new Set([...submission.selectedSchemes, ...submission.selectedParents])];
  if (keys.length === 0) return [];
  const rows = await deps.db
    .select()
    .from(registrationForms)
    .where(
      and(
        inArray(registrationForms.schemeKey, keys),
        isNotNull(registrationForms.mappingsConfirmedAt),
        // A form stored before uploads were cleaned is filled only once it is (decision 110).
        eq(registrationForms.awaitingCleaning, false),
        // One stored where the limit was larger (a restore from Node onto Workers) is not
        // filled here: the isolate would end mid-request (decision 125).
        lte(registrationForms.fileSize, registrationFormLimit(deps)),
      ),
    )
    .orderBy(desc(registrationForms.createdAt), desc(registrationForms.id));
  const offered: FormRow[] = [];
  for (const row of rows) {
    const newer = offered.filter((kept) => kept.schemeKey === row.schemeKey);
    if (!newer.some((kept) => replaces(kept, row))) offered.push(row);
  }
  return offered;
}

export function toFill(row: FormRow): SchemeFormToFill {
  const mappings = row.fieldMappings ?? [];
  return {
    formId: row.id,
    schemeKey: row.schemeKey,
    schemeName: row.schemeName,
    fileName: row.fileName,
    profileFields: [...new Set(mappings.map((m) => m.profileField))],
    signed: mappings.some((m) => m.profileField === 'signature'),
  };
}
