// The /track route's read: the full tracking view for the token in the address, if any.
import type { TrackingResponse } from '../../../schema/api.ts';
import { tracking } from '../../../schema/public-endpoints.ts';
import { request } from '../../lib/api-client.ts';
import { takeTrackingView } from './tracking-in-page.ts';

export type TrackingRead =
  | { status: 'idle' }
  | { status: 'found'; data: TrackingResponse }
  | { status: 'failed' };

export async function loadTracking(
  token: string | undefined,
  signal?: AbortSignal,
): Promise<TrackingRead> {
  if (!token) return { status: 'idle' };
  const inPage = takeTrackingView(token);
  if (inPage) return { status: 'found', data: inPage };
  try {
    return { status: 'found', data: await request(tracking, { params: { token }, signal }) };
  } catch {
    // docs/product.md#errors: any failure reads as an unknown token.
    return { status: 'failed' };
  }
}
