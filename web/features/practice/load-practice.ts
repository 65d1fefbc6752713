// The /practice route's read: the practice tracking view the manager's link opens (decision
// 120). Names and per-scheme statuses only; a link that opens nothing is 'not found'.
import type { PracticeTracking } from '../../../schema/practice-api.ts';
import { practiceTracking } from '../../../schema/public-endpoints.ts';
import { request } from '../../lib/api-client.ts';

export type PracticeRead =
  | { status: 'idle' }
  | { status: 'found'; data: PracticeTracking }
  | { status: 'failed'; notFound: boolean };

export async function loadPractice(
  token: string | undefined,
  signal?: AbortSignal,
): Promise<PracticeRead> {
  if (!token) return { status: 'idle' };
  try {
    return {
      status: 'found',
      data: await request(practiceTracking, { params: { token }, signal }),
    };
  } catch (error) {
    const status = (error as { status?: number }).status;
    return { status: 'failed', notFound: status === 404 };
  }
}
