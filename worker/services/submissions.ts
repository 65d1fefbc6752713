// Creating a submission (docs/product.md#api POST /api/submissions): an Idempotency-Key retry gets
// the first
// answer again; otherwise everything the wizard promised is checked on the server (the rules,
// then every referenced upload and its real bytes) before one batch writes it all.

import type { SubmitRequest, SubmitResponse } from '../../schema/api.ts';
import type { Deps } from '../deps.ts';
import { answerForApplication } from './application-id.ts';
import { liveCatalogue } from './catalogue.ts';
import { isUniqueViolation } from './constraint-violations.ts';
import { findStoredAnswer, requestFingerprint } from './idempotency.ts';
import { spentByAnotherSubmission, verifyDocuments } from './submission-documents.ts';
import { checkConsent, checkSchemes, checkSections } from './submission-rules.ts';
import {
  type SubmissionAnswer,
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

  const earlier = (await accepted()) ?? (await storedAnswer());
  if (earlier) return earlier;
  checkConsent(input);
  const schemes = checkSchemes(await liveCatalogue(deps.db, deps.clock.now()), input.submission);
  const sectionOf = checkSections(input);
  const now = deps.clock.now();
  const documents = await verifyDocuments(deps, input, sectionOf, now);
  const origin = {
    clientAddress: context.clientAddress,
    userAgent: context.userAgent,
    idempotency,
    application,
  };

  // A lost race on a unique value is retried: another request created this practitioner a
  // moment ago (reuse it now), or drew the same short reference (rare: 32^8 of them) or, in
  // theory, the same tracking token. Each attempt draws new ones.
  for (let attempt = 1; ; attempt++) {
    try {
      return await writeSubmission(
        deps.db,
        { input, schemes, documents },
        origin,
        now,
        deps.config,
      );
    } catch (error) {
      if (isUniqueViolation(error, 'submissions.application_id')) {
        const winner = await accepted();
        if (winner) return winner;
      }
      if (isUniqueViolation(error, 'idempotency_keys.key')) {
        const winner = await storedAnswer();
        if (winner) return winner;
      }
      if (isUniqueViolation(error, 'documents.object_key')) {
        throw await spentByAnotherSubmission(deps.db, input, documents);
      }
      const retryable =
        isUniqueViolation(error, 'practitioners.email') ||
        isUniqueViolation(error, 'submissions.tracking_token') ||
        isUniqueViolation(error, 'submissions.reference');
      if (!retryable || attempt >= 3) throw error;
    }
  }
}
