// Check Status pressed on the pre-rendered /track/lookup before the app has started: the page's
// own form is sent by the browser (GET /track/lookup?by=…&identifier=…) and the page that comes
// back answers it once the app runs, as the form would have (issue 36).
import type { LookupRequest } from '../../../schema/tracking-api.ts';

export type LookupSent = { by?: LookupRequest['identifierType']; identifier?: string };

/** The form's fields from the address; an identifier bounded as the input bounds it. */
export function lookupSent(search: Record<string, unknown>): LookupSent {
  const by = search.by;
  if (by !== 'practice_number' && by !== 'id_number') return {};
  // The search parser turns digits into numbers.
  const raw = search.identifier;
  const identifier =
    typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim().slice(0, 13) : '';
  return { by, identifier };
}
