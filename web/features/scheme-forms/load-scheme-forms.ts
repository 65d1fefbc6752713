// The /track/forms route's read: the forms the application's schemes offer (and those already
// signed) from the server, and the profile kept sealed on this phone.
import { schemeForms } from '../../../schema/scheme-form-endpoints.ts';
import type { SchemeFormsView } from '../../../schema/scheme-forms-api.ts';
import { request } from '../../lib/api-client.ts';
import { type KeptProfile, keptProfile } from './profile-draft.ts';

export type SchemeFormsRead =
  | { status: 'found'; view: SchemeFormsView; kept: KeptProfile }
  | { status: 'failed' };

export async function loadSchemeForms(
  token: string | undefined,
  signal?: AbortSignal,
): Promise<SchemeFormsRead> {
  if (!token) return { status: 'failed' };
  try {
    const [view, kept] = await Promise.all([
      request(schemeForms, { params: { token }, signal }),
      keptProfile(token),
    ]);
    return { status: 'found', view, kept };
  } catch {
    return { status: 'failed' };
  }
}
