// What a scheme wants on paper (issue 26): the forms to print and sign by hand, the documents to
// send as certified copies and how recent the certification must be, and where to post them.
// Kept by staff per scheme in the catalogue; nothing is shown where staff have said nothing.
import { z } from 'zod/mini';

const item = z
  .string()
  .check(z.trim(), z.minLength(1), z.maxLength(200, 'Use at most 200 characters a line'));

export const postingChecklist = z.object({
  /** Forms to print and sign in wet ink, one a line. */
  signByHand: z.array(item).check(z.maxLength(20, 'At most 20 forms')),
  /** Documents to send as certified copies, one a line. */
  certifiedCopies: z.array(item).check(z.maxLength(20, 'At most 20 documents')),
  /** How recent a certification must be, in months; null where the scheme has not said. */
  certifiedWithinMonths: z.nullable(
    z
      .number()
      .check(
        z.int('Give whole months'),
        z.minimum(1, 'Give at least 1 month'),
        z.maximum(24, 'Give at most 24 months'),
      ),
  ),
  /** The postal address, as the scheme gives it; null where staff have not said. */
  postTo: z.nullable(z.string().check(z.trim(), z.maxLength(500, 'Use at most 500 characters'))),
});
export type PostingChecklist = z.infer<typeof postingChecklist>;

/** A checklist that says nothing is stored as none. */
export function checklistOrNull(list: PostingChecklist | null): PostingChecklist | null {
  if (!list) return null;
  const postTo = list.postTo?.trim() || null;
  const said = list.signByHand.length > 0 || list.certifiedCopies.length > 0 || postTo !== null;
  return said ? { ...list, postTo } : null;
}
