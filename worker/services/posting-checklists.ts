// The posting checklists of an application's schemes (issue 26), as its tracking view shows
// them: what each chosen scheme wants printed and signed by hand, certified and posted, where
// staff have said so in the catalogue. In the tracking view's one statement (tracking.ts).
import { sql } from 'drizzle-orm';
import type { TrackingResponse } from '../../schema/api.ts';

/** The submission's schemes that have a checklist, as a JSON array, for a select over `submissions`. */
export const postingChecklistsJson = sql<string>`(select json_group_array(json(item)) from (
  select json_object('schemeName', m.medical_aid_name, 'checklist', json(c.posting_checklist))
    as item
  from medical_aid_statuses m join catalogue_schemes c on c.key = m.scheme_key
  where m.submission_id = submissions.id and c.posting_checklist is not null
  order by m.medical_aid_name))`;

export function parsePostingChecklists(
  json: string,
): NonNullable<TrackingResponse['postingChecklists']> {
  return JSON.parse(json);
}
