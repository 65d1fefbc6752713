// The profile on the phone while it is typed and after it is sent: sealed in IndexedDB like the
// wizard draft (lib/device-store.ts: AES-GCM, the 30-day device lifetime), one record per
// application, so a dropped connection or a reload loses nothing and a later correction starts
// from what was sent (the server never answers the profile back, decision 092).
import { getJson, putJson } from '../../lib/device-store.ts';
import { emptyProfileInput, type ProfileInput } from './profile-input.ts';
import { profileRecord as record } from './profile-record.ts';

export type KeptProfile = {
  input: ProfileInput;
  sentVersion: number | null;
  /** The date of birth and gender were proposed from the ID number typed in the wizard. */
  fromIdNumber?: boolean;
};

export async function keptProfile(token: string): Promise<KeptProfile> {
  const kept = await getJson<KeptProfile>(record(token)).catch(() => undefined);
  return kept
    ? { ...kept, input: { ...emptyProfileInput, ...kept.input } }
    : { input: emptyProfileInput, sentVersion: null };
}

export function keepProfile(token: string, kept: KeptProfile): Promise<void> {
  return putJson(record(token), kept);
}
