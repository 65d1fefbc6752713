// Each saved change of the practitioner profile, field by field (issue 35), for staff to read
// as a diff before they check the account against the bank letter: a tracking link may have
// been used by someone else, and the history shows what was there before. Sealed like the
// profile (it holds bank details), each row bound to its own id.
import { desc, eq } from 'drizzle-orm';
import { profileChanges } from '../../../schema/db.ts';
import type { ProfileFieldChange } from '../../../schema/profile-diff.ts';
import type { ProfileChangeEntry } from '../../../schema/scheme-forms-api.ts';
import { openSecret, sealSecret } from '../../crypto/sealed-secrets.ts';
import type { Deps } from '../../deps.ts';

const context = (submissionId: string, id: string) => `profile-change:${submissionId}:${id}`;

/**
 * The statement that keeps one change, to go in the batch that saves the profile (wrapped: an
 * async function returning a query would run it).
 */
export async function profileChangeInsert(
  deps: Deps,
  submissionId: string,
  version: number,
  changes: ProfileFieldChange[],
  now: Date,
) {
  const id = crypto.randomUUID();
  const sealed = await sealSecret(
    deps.signingKey,
    JSON.stringify(changes),
    context(submissionId, id),
  );
  const query = deps.db
    .insert(profileChanges)
    .values({ id, submissionId, version, changedAt: now, sealedChanges: sealed });
  return { query };
}

/** The application's profile changes, newest first (a row that cannot be opened is left out). */
export async function profileHistoryOf(
  deps: Deps,
  submissionId: string,
): Promise<ProfileChangeEntry[]> {
  const rows = await deps.db
    .select()
    .from(profileChanges)
    .where(eq(profileChanges.submissionId, submissionId))
    .orderBy(desc(profileChanges.changedAt), desc(profileChanges.version))
    .limit(100);
  const entries = await Promise.all(
    rows.map(async (row) => {
      const opened = await openSecret(
        deps.signingKey,
        row.sealedChanges,
        context(submissionId, row.id),
      );
      if (opened === null) return null;
      return {
        version: row.version,
        changedAt: row.changedAt.toISOString(),
        changes: JSON.parse(opened) as ProfileFieldChange[],
      };
    }),
  );
  return entries.filter((entry) => entry !== null);
}
