// What a submission is checked against (docs/product.md#api POST /api/submissions), read in one
// batch before anything is decided: the application already accepted under the request's
// Application-Id, the answer stored for its Idempotency-Key, the live catalogue, and the
// tickets of the uploads it names with the documents already made of them. One round trip to
// Turso on Workers and one snapshot; a resend answered from the first two reads no less, but
// waits for nothing more. The writes that follow stay apart (submissions.ts says why).

import type { Catalogue } from '../../../schema/catalogue.ts';
import type { SubmitRequest } from '../../../schema/submission-api.ts';
import type { Deps } from '../../deps.ts';
import { catalogueReads, liveCatalogueFrom } from '../catalogue/catalogue.ts';
import { acceptedApplicationQuery, answerFromAccepted } from './application-id.ts';
import { answerFromStored, storedAnswerQuery } from './idempotency.ts';
import { type UploadRead, uploadReads } from './submission-documents.ts';
import type { SubmissionAnswer } from './submission-write.ts';

export type SubmissionReads = {
  /**
   * An accepted application's answer (or its 409), else the answer stored for the
   * Idempotency-Key (or its 422); null when the request is new.
   */
  earlierAnswer: () => SubmissionAnswer | null;
  /** The live catalogue (seeded and read again only on the very first use). */
  catalogue: () => Promise<Catalogue>;
  /** For verifyDocuments. */
  uploads: UploadRead;
};

export async function readForSubmission(
  deps: Deps,
  input: SubmitRequest,
  application: { id: string; fingerprint: string } | undefined,
  idempotency: { scope: string; key: string; fingerprint: string } | undefined,
): Promise<SubmissionReads> {
  const { db } = deps;
  const [administrators, schemes, review, tickets, spent, accepted, stored] = await db.batch([
    ...catalogueReads(db),
    ...uploadReads(db, input),
    acceptedApplicationQuery(db, application?.id),
    storedAnswerQuery(db, idempotency?.key),
  ]);
  return {
    earlierAnswer: () =>
      (application && answerFromAccepted(deps.config, accepted[0], application.fingerprint)) ??
      (idempotency
        ? (answerFromStored(
            stored[0],
            idempotency.scope,
            idempotency.fingerprint,
          ) as SubmissionAnswer | null)
        : null),
    catalogue: () => liveCatalogueFrom(db, deps.clock.now(), [administrators, schemes, review]),
    uploads: [tickets, spent],
  };
}
