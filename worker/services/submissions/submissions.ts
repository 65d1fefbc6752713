// Creating a submission (docs/product.md#api POST /api/submissions): an Idempotency-Key retry gets
// the first
// answer again; otherwise everything the wizard promised is checked on the server (the rules,
// then every referenced upload and its real bytes) before one batch writes it all.

import type { SubmitRequest, SubmitResponse } from '../../../schema/submission-api.ts';
import type { Deps } from '../../deps.ts';
import { RateLimitedError } from '../../http.ts';
import { validityRules } from '../document-validity/validity-rules.ts';
import {
  consumeBoth,
  type RateLimit,
  release,
  SUBMIT_WINDOW_MS,
} from '../rate-limits/rate-limits.ts';
import { answerForApplication } from './application-id.ts';
import { isUniqueViolation } from './constraint-violations.ts';
import { findStoredAnswer, requestFingerprint } from './idempotency.ts';
import { spentByAnotherSubmission, verifyDocuments } from './submission-documents.ts';
import { readForSubmission } from './submission-reads.ts';
import { checkConsent, checkSchemes, checkSections } from './submission-rules.ts';
import {
  type CheckedSubmission,
  type SubmissionAnswer,
  type SubmissionOrigin,
  type WrittenSubmission,
  writeSubmission,
} from './submission-write.ts';

const IDEMPOTENCY_SCOPE = 'submission';

export type SubmissionContext = {
  clientAddress: string;
  userAgent: string | undefined;
  idempotencyKey: string | undefined;
  /** The device's permanent id of this application (decision 067); older clients send none. */
  applicationId: string | undefined;
  /** Rows another part writes in the submission's own batch (a practice's link to it). */
  alsoWrite?: SubmissionOrigin['alsoWrite'];
};

export async function createSubmission(
  deps: Deps,
  input: SubmitRequest,
  context: SubmissionContext,
): Promise<WrittenSubmission> {
  const fingerprint =
    context.idempotencyKey || context.applicationId ? await requestFingerprint(input) : '';
  const idempotency = context.idempotencyKey
    ? { scope: IDEMPOTENCY_SCOPE, key: context.idempotencyKey, fingerprint }
    : undefined;
  const application = context.applicationId
    ? { id: context.applicationId, fingerprint }
    : undefined;
  /** An accepted application's answer (or its 409), before anything else: it never expires. */
  const accepted = () =>
    application
      ? answerForApplication(deps.db, deps.config, application.id, application.fingerprint)
      : null;
  /** The answer already given for this key and request, if any. */
  const storedAnswer = async (): Promise<SubmissionAnswer | null> => {
    if (!idempotency) return null;
    const { scope, key, fingerprint } = idempotency;
    const answer = await findStoredAnswer<SubmitResponse>(deps.db, scope, key, fingerprint);
    return answer as SubmissionAnswer | null;
  };

  // Everything the checks below need, in one round trip (submission-reads.ts).
  const reads = await readForSubmission(deps, input, application, idempotency);
  const earlier = reads.earlierAnswer();
  if (earlier) return earlier;
  checkConsent(input);
  const schemes = checkSchemes(await reads.catalogue(), input.submission);
  const sectionOf = checkSections(input);
  const now = deps.clock.now();
  const [documents, rules] = await Promise.all([
    verifyDocuments(deps, input, sectionOf, now, reads.uploads),
    validityRules(deps.db, now),
  ]);
  // Counted once everything is checked and before it is written: a complete application. A
  // resend of an accepted one was answered above and is not counted.
  const mailReceipt = await countSubmission(deps, context, input.practitioner.email, now);
  const origin = {
    mailReceipt,
    clientAddress: context.clientAddress,
    userAgent: context.userAgent,
    idempotency,
    application,
    alsoWrite: context.alsoWrite,
  };

  try {
    return await writeWithRetries(deps, input, { schemes, documents, rules }, origin, now, {
      accepted,
      storedAnswer,
    });
  } catch (error) {
    // Not written (or another request wrote it): this one is not an accepted application.
    await release(deps.db, submitRule(deps), context.clientAddress, now);
    if (error instanceof AnsweredByAnother) return error.answer;
    throw error;
  }
}

/**
 * A lost race on a unique value is retried: a draw of the same short reference (rare: 32^8
 * of them) or, in
 * theory, the same tracking token; each attempt draws new ones. A race lost to the
 * same application or Idempotency-Key answers with the winner's answer, thrown as
 * AnsweredByAnother so the caller does not count it.
 */
async function writeWithRetries(
  deps: Deps,
  input: SubmitRequest,
  checked: Omit<CheckedSubmission, 'input'>,
  origin: Parameters<typeof writeSubmission>[2],
  now: Date,
  earlier: {
    accepted: () => Promise<SubmissionAnswer | null> | null;
    storedAnswer: () => Promise<SubmissionAnswer | null>;
  },
): Promise<WrittenSubmission> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await writeSubmission(deps.db, { input, ...checked }, origin, now, deps.config);
    } catch (error) {
      if (isUniqueViolation(error, 'submissions.application_id')) {
        const winner = await earlier.accepted();
        if (winner) throw new AnsweredByAnother(winner);
      }
      if (isUniqueViolation(error, 'idempotency_keys.key')) {
        const winner = await earlier.storedAnswer();
        if (winner) throw new AnsweredByAnother(winner);
      }
      if (isUniqueViolation(error, 'documents.object_key')) {
        throw await spentByAnotherSubmission(deps.db, input, checked.documents);
      }
      const retryable =
        isUniqueViolation(error, 'submissions.tracking_token') ||
        isUniqueViolation(error, 'submissions.reference');
      if (!retryable || attempt >= 3) throw error;
    }
  }
}

class AnsweredByAnother extends Error {
  constructor(readonly answer: SubmissionAnswer) {
    super('answered by a simultaneous request');
  }
}

const SUBMIT_LIMITED_MESSAGE =
  'Too many applications were sent from this connection in the last hour. Your application is kept on this device; it is sent again automatically later.';

function submitRule(deps: Deps): RateLimit {
  return {
    bucket: 'submit-client',
    limit: deps.config.submitRateLimit,
    windowMs: SUBMIT_WINDOW_MS,
  };
}

/**
 * Receipts per recipient address per hour: enough for a practice manager who sends several
 * doctors' applications with her own address, too few to mail-bomb an address from many
 * clients. Beyond it the application is still accepted (its token is on the screen); only the
 * receipt is not mailed.
 */
export const RECEIPTS_PER_RECIPIENT = 10;

const RECEIPT_RULE: RateLimit = {
  bucket: 'receipt-recipient',
  limit: RECEIPTS_PER_RECIPIENT,
  windowMs: SUBMIT_WINDOW_MS,
};

/**
 * SUBMIT_RATE_LIMIT complete applications per client per hour; the next is a 429. Counted in
 * one round trip with the receipts to the address; answers whether the receipt may be mailed.
 */
async function countSubmission(
  deps: Deps,
  context: Pick<SubmissionContext, 'clientAddress'>,
  email: string,
  now: Date,
): Promise<boolean> {
  const rule = submitRule(deps);
  const recipient = email.trim().toLowerCase();
  const [submit, receipt] = await consumeBoth(
    deps.db,
    [rule, context.clientAddress],
    [RECEIPT_RULE, recipient],
    now,
  );
  if (submit.allowed) return receipt.allowed;
  // A refused application was not accepted: neither count stands towards the next wait.
  await Promise.all([
    release(deps.db, rule, context.clientAddress, now),
    release(deps.db, RECEIPT_RULE, recipient, now),
  ]);
  throw new RateLimitedError(
    'too_many_submissions',
    SUBMIT_LIMITED_MESSAGE,
    submit.retryAfterSeconds,
  );
}
