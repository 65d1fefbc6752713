// The /practice/join route's read (decision 126): what the invitation shows its practitioner
// (the practice's part) and the scheme names. A link that opens nothing (expired, withdrawn,
// re-sent, never real) is 'closed': the page says to ask the manager for a new one. The last
// read is kept sealed on the device, so with no connection the page opens from it, with the
// part being filled in, as the wizard opens offline with its draft.
import { allSchemes } from '../../../schema/catalogue.ts';
import type { InvitationView } from '../../../schema/practice-api.ts';
import { catalogue, invitation } from '../../../schema/public-endpoints.ts';
import { request } from '../../lib/api-client.ts';
import { getJson, putJson } from '../../lib/device-store.ts';

export type SchemeName = { key: string; label: string };

export type InvitationRead =
  | { status: 'idle' }
  | { status: 'found'; view: InvitationView; schemes: SchemeName[] }
  | { status: 'closed' }
  | { status: 'failed' };

export async function loadInvitation(
  token: string | undefined,
  signal?: AbortSignal,
): Promise<InvitationRead> {
  if (!token) return { status: 'idle' };
  // Without the scheme list (it failed) the practice's scheme keys are all there is to show.
  const names = request(catalogue, { signal }).then(
    (answer) => allSchemes(answer.administrators).map(({ key, label }) => ({ key, label })),
    () => [] as SchemeName[],
  );
  try {
    const view = await request(invitation, { params: { token }, signal });
    const known = await names;
    const schemes = view.practice.selectedSchemes.map(
      (key) => known.find((s) => s.key === key) ?? { key, label: key },
    );
    await putJson(RECORD, { token, view, schemes } satisfies KeptRead).catch(() => {});
    return { status: 'found', view, schemes };
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 404) return { status: 'closed' };
    const kept = await getJson<KeptRead>(RECORD).catch(() => undefined);
    return kept?.token === token
      ? { status: 'found', view: kept.view, schemes: kept.schemes }
      : { status: 'failed' };
  }
}

const RECORD = 'practice-join-invitation';
type KeptRead = { token: string; view: InvitationView; schemes: SchemeName[] };
