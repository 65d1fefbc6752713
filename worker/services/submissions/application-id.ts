// One application per practitioner action, for ever (decision 067). The device makes a random
// application id with its draft and sends it with every attempt (the Application-Id header).
// The submission it creates keeps that id and the request's fingerprint, with no expiry: a
// repeat of the same request gets the first answer again however late it comes, and a changed
// request under the same id (edited after an attempt whose answer was lost) is refused with
// the accepted application's tracking link instead of becoming a second application.
import { inArray } from 'drizzle-orm';
import { submissions } from '../../../schema/db.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db.ts';
import { ApiError } from '../../http.ts';
import { SUBMITTED_MESSAGE, type SubmissionAnswer } from './submission-write.ts';

export const APPLICATION_ID_HEADER = 'Application-Id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The header value, or undefined when absent (older clients); 400 when it is not a UUID. Only
 * a random UUID is accepted: whoever knows the id is answered with the application's tracking
 * token, so it must be as hard to guess as the token itself.
 */
export function parseApplicationId(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const id = value.trim().toLowerCase();
  if (!UUID.test(id)) {
    throw new ApiError(
      400,
      'invalid_application_id',
      'The Application-Id header must be a UUID made once for the application.',
    );
  }
  return id;
}

export function alreadySubmittedError(config: Config, trackingToken: string): ApiError {
  const link = `${config.publicOrigin}/track?token=${encodeURIComponent(trackingToken)}`;
  return new ApiError(
    409,
    'application_already_submitted',
    `This application was already submitted, so these changes were not sent. Follow it with its tracking link: ${link}`,
    undefined,
    { trackingToken },
  );
}

/**
 * The read answerForApplication needs, for a caller that batches it with others; with no id
 * (a request without the header) it reads nothing.
 */
export function acceptedApplicationQuery(db: Database, applicationId: string | undefined) {
  return db
    .select({
      trackingToken: submissions.trackingToken,
      reference: submissions.reference,
      requestHash: submissions.requestHash,
    })
    .from(submissions)
    .where(inArray(submissions.applicationId, applicationId ? [applicationId] : []));
}

type AcceptedRow = Awaited<ReturnType<typeof acceptedApplicationQuery>>[number];

/**
 * The answer for an application already accepted: the first answer for the same request, a
 * 409 with its tracking link for a changed one; null when no submission has this id yet.
 */
export function answerFromAccepted(
  config: Config,
  row: AcceptedRow | undefined,
  fingerprint: string,
): SubmissionAnswer | null {
  if (!row) return null;
  if (row.requestHash !== fingerprint) throw alreadySubmittedError(config, row.trackingToken);
  return {
    status: 201,
    body: {
      message: SUBMITTED_MESSAGE,
      trackingToken: row.trackingToken,
      ...(row.reference ? { reference: row.reference } : {}),
    },
  };
}

export async function answerForApplication(
  db: Database,
  config: Config,
  applicationId: string,
  fingerprint: string,
): Promise<SubmissionAnswer | null> {
  const [row] = await acceptedApplicationQuery(db, applicationId);
  return answerFromAccepted(config, row, fingerprint);
}
