// Periodic housekeeping: the Node entry runs it every few minutes, the Workers entry from
// a cron trigger. Each step is independent; one failing does not stop the others.
import type { Deps } from '../../deps.ts';
import { safeError } from '../../safe-error.ts';
import { remindExpiringDocuments } from '../document-validity/document-reminders.ts';
import { deliverPendingMail, pruneOldMail } from '../notices/mail-outbox.ts';
import { dispatchNotices, pruneSettledNotices } from '../notices/practitioner-notices.ts';
import { applyRetention } from '../popia/retention.ts';
import { askForAttestations } from '../practitioner-profile/attestation.ts';
import { remindOpenRequests } from '../practitioner-requests/request-reminders.ts';
import { pruneRateLimits } from '../rate-limits/rate-limits.ts';
import { cleanStoredForms } from '../scheme-forms/stored-form-cleaning.ts';
import { sealSecurityLog } from '../security-log/security-log-chain.ts';
import { sendSecurityLogDigest } from '../security-log/security-log-digest.ts';
import { pruneExpiredResets } from '../staff-accounts/password-resets.ts';
import { pruneExpiredSessions } from '../staff-sessions/sessions.ts';
import { pruneIdempotencyKeys } from '../submissions/idempotency.ts';
import { retryPendingObjectDeletions } from '../uploads/object-deletions.ts';
import { removeOrphanedUploads } from '../uploads/orphan-uploads.ts';
import { deliverDueWebhooks } from '../webhooks/webhook-delivery.ts';
import { pruneWebhookEvents } from '../webhooks/webhook-log.ts';
import { workLeft } from '../work-budget/work-budget.ts';

export const MAINTENANCE_INTERVAL_MS = 10 * 60_000;
/** The Workers cron triggers (wrangler.toml): the maintenance, and the notices in between. */
export const MAINTENANCE_CRON = '*/10 * * * *';
export const NOTICE_CRON = '1-9,11-19,21-29,31-39,41-49,51-59 * * * *';

type Step = [string, () => Promise<unknown>];

export async function runMaintenance(deps: Deps): Promise<void> {
  const steps: Step[] = [
    ['prune rate limits', () => pruneRateLimits(deps.db, deps.clock.now())],
    ['seal the security log', () => sealSecurityLog(deps.db, deps.clock.now())],
    ['send the security log digest', () => sendSecurityLogDigest(deps)],
    ['remove orphaned uploads', () => removeOrphanedUploads(deps)],
    ['retry pending object deletions', () => retryPendingObjectDeletions(deps)],
    ['prune idempotency keys', () => pruneIdempotencyKeys(deps.db, deps.clock.now())],
    ['prune expired sessions', () => pruneExpiredSessions(deps.db, deps.clock.now())],
    ['prune expired password resets', () => pruneExpiredResets(deps.db, deps.clock.now())],
    ['remind practitioners of open requests', () => remindOpenRequests(deps)],
    ['ask practitioners to confirm their details', () => askForAttestations(deps)],
    ['remind practitioners of documents that expire', () => remindExpiringDocuments(deps)],
    ['mail practitioner notices', () => dispatchNotices(deps)],
    ['retry undelivered mail', () => deliverPendingMail(deps)],
    ['prune settled notices', () => pruneSettledNotices(deps.db, deps.clock.now())],
    ['prune old mail', () => pruneOldMail(deps.db, deps.clock.now())],
    ['send due webhooks', () => deliverDueWebhooks(deps)],
    ['prune finished webhook events', () => pruneWebhookEvents(deps.db, deps.clock.now())],
    ['delete data past its retention period', () => applyRetention(deps)],
    ['clean registration forms stored before cleaning', () => cleanStoredForms(deps)],
  ];
  await runSteps(deps, steps);
}

/**
 * The Workers minute cron between maintenance runs: practitioner notices whose combining
 * window has passed (a Worker cannot wait it out after the answer).
 */
export async function runNoticeRound(deps: Deps): Promise<void> {
  await runSteps(deps, [
    ['mail practitioner notices', () => dispatchNotices(deps)],
    ['send due webhooks', () => deliverDueWebhooks(deps)],
  ]);
}

/** The Node entry's webhook round (WEBHOOK_ROUND_SECONDS): no wait for the maintenance. */
export async function runWebhookRound(deps: Deps): Promise<void> {
  await runSteps(deps, [['send due webhooks', () => deliverDueWebhooks(deps)]]);
}

async function runSteps(deps: Deps, steps: Step[]): Promise<void> {
  for (const [name, step] of steps) {
    if (!workLeft(deps)) {
      // The rest waits for the next run (on Workers a run's calls are bounded, work-budget.ts).
      deps.logger.info('maintenance stopped at its budget', {
        step: name,
        spent: deps.workBudget?.spent,
      });
      return;
    }
    try {
      await step();
    } catch (error) {
      deps.logger.error('maintenance step failed', { step: name, ...safeError(error) });
    }
  }
}
