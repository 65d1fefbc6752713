// Periodic housekeeping: the Node entry runs it every few minutes, the Workers entry from
// a cron trigger. Each step is independent; one failing does not stop the others.
import type { Deps } from '../app.ts';
import { pruneIdempotencyKeys } from './idempotency.ts';
import { removeOrphanedUploads } from './orphan-uploads.ts';
import { pruneRateLimits } from './rate-limits.ts';

export const MAINTENANCE_INTERVAL_MS = 10 * 60_000;

export async function runMaintenance(deps: Deps): Promise<void> {
  const steps: [string, () => Promise<unknown>][] = [
    ['prune rate limits', () => pruneRateLimits(deps.db, deps.clock.now())],
    ['remove orphaned uploads', () => removeOrphanedUploads(deps)],
    ['prune idempotency keys', () => pruneIdempotencyKeys(deps.db, deps.clock.now())],
  ];
  for (const [name, step] of steps) {
    try {
      await step();
    } catch (error) {
      deps.logger.error('maintenance step failed', { step: name, error: String(error) });
    }
  }
}
