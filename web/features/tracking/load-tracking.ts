// The /track route's read: the full tracking view for the token in the address, if any. The
// last view of each application is kept on the device, sealed like the draft, so a practitioner
// without a connection still sees it ('You are offline — last updated …', issue 23); where
// nothing is kept, or the server says the token is unknown, the spec's 'Submission not found'.

import { tracking } from '../../../schema/public-endpoints.ts';
import type { TrackingResponse } from '../../../schema/tracking-api.ts';
import { request } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { getJson, putJson } from '../../lib/device-store.ts';
import { takeTrackingView } from './tracking-in-page.ts';

export type TrackingRead =
  | { status: 'idle' }
  /** keptAt: shown from the device (no connection), as it was then. */
  | { status: 'found'; data: TrackingResponse; keptAt?: string }
  | { status: 'failed' };

type KeptView = { data: TrackingResponse; at: string };
const keptRecord = (token: string) => `tracking-view:${token}`;

async function keep(token: string, data: TrackingResponse) {
  await putJson(keptRecord(token), { data, at: new Date().toISOString() } satisfies KeptView).catch(
    () => {},
  );
}

export async function loadTracking(
  token: string | undefined,
  signal?: AbortSignal,
): Promise<TrackingRead> {
  if (!token) return { status: 'idle' };
  const inPage = takeTrackingView(token);
  if (inPage) {
    void keep(token, inPage);
    return { status: 'found', data: inPage };
  }
  try {
    const data = await request(tracking, { params: { token }, signal });
    void keep(token, data);
    return { status: 'found', data };
  } catch (error) {
    // No answer at all (offline, the server away): the last view kept on this device.
    if (!(error instanceof ApiError) || error.status >= 500) {
      const kept = await getJson<KeptView>(keptRecord(token)).catch(() => undefined);
      if (kept) return { status: 'found', data: kept.data, keptAt: kept.at };
    }
    // docs/product.md#errors: any other failure reads as an unknown token.
    return { status: 'failed' };
  }
}
