// "This was not me" (issue 35). Every mail that tells the practitioner of a change of the
// profile or of a signing carries a link with a code of its own. Pressed, it stops signing and
// new bank details for the application, closes the signed forms' downloads and lists the
// application at the enrolment desk with the reason, until a staff member who has spoken to
// the practitioner resumes them. The link needs the code from the mail as well as the tracking
// token, so a forwarded tracking link cannot stop (or resume) anything.
import { and, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { signingStops, submissions } from '../../../schema/db.ts';
import type { OpenSigningStop, SigningStopEvent } from '../../../schema/scheme-forms-api.ts';
import { hashSecret, randomSecret } from '../../crypto/secret-tokens.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http.ts';
import { signingStoppedMail } from '../../mail/staff-mail.ts';
import { deliverAll, outboxInsert } from '../notices/mail-outbox.ts';
import { securityLogInsert, staffActor } from '../security-log/security-log.ts';
import type { StaffIdentity } from '../staff-sessions/sessions.ts';
import type { Submission } from './profile-proofs.ts';

/** A mail's link works this long: a practitioner on leave still reads it in time. */
export const STOP_LINK_VALID_MS = 60 * 24 * 60 * 60 * 1000;

const EVENT_TEXT: Record<SigningStopEvent, string> = {
  profile_changed: 'a change of the details for the scheme forms',
  forms_signed: 'a signing of the scheme forms',
};

export const SIGNING_STOPPED_MESSAGE =
  'Signing and new bank details are stopped for this application, because the practitioner told us a change was not theirs. We will call to put it right; you can also write to us.';

/** A new link's code and the statement that keeps it, to go in the batch that sends its mail. */
export async function signingStopLink(
  deps: Deps,
  submissionId: string,
  event: SigningStopEvent,
  now: Date,
) {
  const code = randomSecret();
  const query = deps.db.insert(signingStops).values({
    id: crypto.randomUUID(),
    submissionId,
    codeDigest: await hashSecret(code),
    event,
    createdAt: now,
    expiresAt: new Date(now.getTime() + STOP_LINK_VALID_MS),
  });
  return { code, query };
}

/** The application's stop still in force, if any. */
export async function openSigningStop(deps: Deps, submissionId: string) {
  const [open] = await deps.db
    .select()
    .from(signingStops)
    .where(
      and(
        eq(signingStops.submissionId, submissionId),
        isNotNull(signingStops.raisedAt),
        isNull(signingStops.resumedAt),
      ),
    )
    .orderBy(desc(signingStops.raisedAt))
    .limit(1);
  return open ?? null;
}

/** Refuses what moves money while the practitioner's stop is in force. */
export async function requireSigningOpen(deps: Deps, submissionId: string): Promise<void> {
  if (await openSigningStop(deps, submissionId)) {
    throw new ApiError(423, 'signing_stopped', SIGNING_STOPPED_MESSAGE);
  }
}

/** The practitioner presses the mail's link: the stop is in force from now (pressing again changes nothing). */
export async function stopSigning(
  deps: Deps,
  submission: Submission,
  code: string,
  note: string | undefined,
): Promise<{ message: string }> {
  const now = deps.clock.now();
  const [link] = await deps.db
    .select()
    .from(signingStops)
    .where(
      and(
        eq(signingStops.codeDigest, await hashSecret(code)),
        eq(signingStops.submissionId, submission.id),
        gt(signingStops.expiresAt, now),
      ),
    );
  if (!link) {
    throw new ApiError(
      404,
      'not_found',
      `This link is not valid, or it has expired. Please write to us at ${deps.config.supportEmail} or call us, and we will stop signing for you.`,
    );
  }
  const done = {
    message:
      'Signing is stopped for your application. Nobody can sign your scheme forms or change your bank details, and we will not send signed forms to any scheme, until we have spoken to you. We will call you.',
  };
  if (link.raisedAt) return done;
  const what = EVENT_TEXT[link.event];
  const staffMail = deps.config.staffNotifyEmail
    ? outboxInsert(
        deps.db,
        signingStoppedMail(
          deps.config,
          deps.config.staffNotifyEmail,
          { ...submission, submissionId: submission.id },
          what,
        ),
        now,
      )
    : null;
  const [raised] = await deps.db.batch([
    deps.db
      .update(signingStops)
      .set({ raisedAt: now, note: note || null })
      .where(and(eq(signingStops.id, link.id), isNull(signingStops.raisedAt)))
      .returning({ id: signingStops.id }),
    securityLogInsert(
      deps.db,
      {
        action: 'signing_stopped',
        actor: { type: 'anonymous' },
        entityType: 'submission',
        entityId: submission.id,
        submissionId: submission.id,
        details: { event: link.event },
      },
      now,
    ),
    ...(staffMail ? [staffMail.query] : []),
  ]);
  if (raised.length > 0 && staffMail) await deliverAll(deps, [staffMail.id]);
  return done;
}

/** A staff member who spoke to the practitioner resumes signing; what they did is kept and logged. */
export async function resumeSigning(
  deps: Deps,
  staff: StaffIdentity,
  submissionId: string,
  note: string,
): Promise<void> {
  if (!(await openSigningStop(deps, submissionId))) {
    throw new ApiError(409, 'not_stopped', 'Signing is not stopped for this application.');
  }
  const now = deps.clock.now();
  await deps.db.batch([
    deps.db
      .update(signingStops)
      .set({ resumedAt: now, resumedBy: staff.id, resumeNote: note })
      .where(
        and(
          eq(signingStops.submissionId, submissionId),
          isNotNull(signingStops.raisedAt),
          isNull(signingStops.resumedAt),
        ),
      ),
    securityLogInsert(
      deps.db,
      {
        action: 'signing_resumed',
        actor: staffActor(staff),
        entityType: 'submission',
        entityId: submissionId,
        submissionId,
      },
      now,
    ),
  ]);
}

const toOpenStop = (row: {
  submissionId: string;
  firstName: string;
  lastName: string;
  event: SigningStopEvent;
  raisedAt: Date | null;
  note: string | null;
}): OpenSigningStop => ({
  submissionId: row.submissionId,
  practitionerName: `${row.firstName} ${row.lastName}`,
  reason: `Not the practitioner: ${EVENT_TEXT[row.event]}`,
  note: row.note,
  stoppedAt: (row.raisedAt ?? new Date(0)).toISOString(),
});

/** Every stop in force, oldest first: the enrolment desk's list of applications to call. */
export async function openSigningStops(deps: Deps): Promise<OpenSigningStop[]> {
  const rows = await deps.db
    .select({
      submissionId: signingStops.submissionId,
      firstName: submissions.firstName,
      lastName: submissions.lastName,
      event: signingStops.event,
      raisedAt: signingStops.raisedAt,
      note: signingStops.note,
    })
    .from(signingStops)
    .innerJoin(submissions, eq(submissions.id, signingStops.submissionId))
    .where(and(isNotNull(signingStops.raisedAt), isNull(signingStops.resumedAt)))
    .orderBy(signingStops.raisedAt)
    .limit(500);
  // One line per application: the first stop pressed says when it began.
  const seen = new Set<string>();
  return rows
    .filter((row) => !seen.has(row.submissionId) && seen.add(row.submissionId))
    .map(toOpenStop);
}

/** The stop in force as the review page shows it, or null. */
export async function staffSigningStop(
  deps: Deps,
  submissionId: string,
): Promise<OpenSigningStop | null> {
  const open = await openSigningStop(deps, submissionId);
  if (!open?.raisedAt) return null;
  const [who] = await deps.db
    .select({ firstName: submissions.firstName, lastName: submissions.lastName })
    .from(submissions)
    .where(eq(submissions.id, submissionId));
  return toOpenStop({ ...open, firstName: who?.firstName ?? '', lastName: who?.lastName ?? '' });
}
