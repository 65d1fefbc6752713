// The device record of an application's profile (profile-draft.ts), and what the wizard writes
// into it as it forgets the application: this module stays small because the wizard's chunk,
// loaded on /, imports it (the profile's contract and bank list load only on /track/forms).
import type { Gender } from '../../../schema/profile-rules.ts';
import { getJson, putJson } from '../../lib/device-store.ts';

export const profileRecord = (token: string) => `scheme-profile:${token}`;

/**
 * Proposes the date of birth and gender of the application just sent, from the ID number its
 * device had (the tracking view leaves the ID number out, so only this device can): the
 * profile then starts from them. A profile already kept for the application is left as it is.
 */
export async function proposeFromIdNumber(
  token: string,
  facts: { dateOfBirth: string; gender: Gender },
): Promise<void> {
  if (await getJson<unknown>(profileRecord(token)).catch(() => undefined)) return;
  await putJson(profileRecord(token), { input: facts, sentVersion: null, fromIdNumber: true });
}
