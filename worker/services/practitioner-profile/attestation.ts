// Re-attestation (issue 38): every so many days (a desk setting, 120 by default) the
// practitioner is asked by mail to confirm from /track/forms that the profile the scheme forms
// are filled from is still true, with the one-time code of decision 108. Saving the profile
// counts as confirming it. Staff see the last confirmation; the desk lists those that lapsed.
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { deskSettings, practitionerProfiles, staffUsers, submissions } from '../../../schema/db.ts';
import {
  ATTESTATION_DAYS_DEFAULT,
  type DeskSettings,
  type DeskSettingsRequest,
} from '../../../schema/desk-settings-api.ts';
import type { LapsedAttestation, ProfileAttestation } from '../../../schema/scheme-forms-api.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http.ts';
import { attestationAskMail } from '../../mail/profile-mail.ts';
import { deliverAll, outboxInsert } from '../notices/mail-outbox.ts';
import { securityLogInsert, staffActor } from '../security-log/security-log.ts';
import type { StaffIdentity } from '../staff-sessions/sessions.ts';
import { workLeft } from '../work-budget/work-budget.ts';
import { spendProfileProof, submissionOfToken } from './profile-proofs.ts';

const DAY_MS = 24 * 60 * 60_000;
const ATTESTATION_KEY = 'attestation_days';
/** Mails one run may send: the rest wait for the next run. */
const ASKS_PER_RUN = 100;

/** The South African calendar day of a moment (UTC+2 all year), as YYYY-MM-DD. */
const saDay = (at: Date) => new Date(at.getTime() + 2 * 3600_000).toISOString().slice(0, 10);

export async function readDeskSettings(deps: Deps): Promise<DeskSettings> {
  // Staff see who changed it by e-mail, as every other history of the desk says it.
  const [row] = await deps.db
    .select({
      value: deskSettings.value,
      updatedAt: deskSettings.updatedAt,
      updatedBy: deskSettings.updatedBy,
      email: staffUsers.email,
    })
    .from(deskSettings)
    .leftJoin(staffUsers, eq(staffUsers.id, deskSettings.updatedBy))
    .where(eq(deskSettings.key, ATTESTATION_KEY));
  return {
    attestationDays: row?.value ?? ATTESTATION_DAYS_DEFAULT,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    updatedBy: row ? (row.email ?? row.updatedBy) : null,
  };
}

export async function saveDeskSettings(
  deps: Deps,
  staff: StaffIdentity,
  request: DeskSettingsRequest,
): Promise<DeskSettings> {
  const now = deps.clock.now();
  const values = { value: request.attestationDays, updatedBy: staff.id, updatedAt: now };
  await deps.db.batch([
    deps.db
      .insert(deskSettings)
      .values({ key: ATTESTATION_KEY, ...values })
      .onConflictDoUpdate({ target: deskSettings.key, set: values }),
    securityLogInsert(
      deps.db,
      {
        action: 'desk_setting_changed',
        actor: staffActor(staff),
        entityType: 'desk_setting',
        entityId: ATTESTATION_KEY,
        details: { value: request.attestationDays },
      },
      now,
    ),
  ]);
  return readDeskSettings(deps);
}

type ProfileTimes = { attestedAt: Date | null; updatedAt: Date };

/** The last confirmation: the explicit one, or the save (profiles kept before re-attestation). */
const lastConfirmed = (row: ProfileTimes) => row.attestedAt ?? row.updatedAt;

export function attestationOf(row: ProfileTimes, days: number, now: Date): ProfileAttestation {
  const due = new Date(lastConfirmed(row).getTime() + days * DAY_MS);
  return {
    lastConfirmedAt: lastConfirmed(row).toISOString(),
    dueOn: saDay(due),
    due: due.getTime() <= now.getTime(),
  };
}

/** The application's attestation as the practitioner's page and the review page show it. */
export async function profileAttestation(
  deps: Deps,
  submissionId: string,
): Promise<ProfileAttestation | null> {
  const [row] = await deps.db
    .select({
      attestedAt: practitionerProfiles.attestedAt,
      updatedAt: practitionerProfiles.updatedAt,
    })
    .from(practitionerProfiles)
    .where(eq(practitionerProfiles.submissionId, submissionId));
  if (!row) return null;
  const { attestationDays } = await readDeskSettings(deps);
  return attestationOf(row, attestationDays, deps.clock.now());
}

/** The practitioner confirms, with a fresh code, that the profile is still true. */
export async function attestProfile(
  deps: Deps,
  token: string,
  proofCode: string | undefined,
): Promise<ProfileAttestation> {
  const submission = await submissionOfToken(deps, token);
  const [profile] = await deps.db
    .select({ submissionId: practitionerProfiles.submissionId })
    .from(practitionerProfiles)
    .where(eq(practitionerProfiles.submissionId, submission.id));
  if (!profile) {
    throw new ApiError(409, 'no_profile', 'Send your details first: there is nothing to confirm.');
  }
  await spendProfileProof(deps, submission, proofCode);
  const now = deps.clock.now();
  await deps.db.batch([
    deps.db
      .update(practitionerProfiles)
      .set({ attestedAt: now, attestationAskedAt: null })
      .where(eq(practitionerProfiles.submissionId, submission.id)),
    securityLogInsert(
      deps.db,
      {
        action: 'profile_attested',
        actor: { type: 'anonymous' },
        entityType: 'submission',
        entityId: submission.id,
        submissionId: submission.id,
      },
      now,
    ),
  ]);
  return (await profileAttestation(deps, submission.id))!;
}

/**
 * The profiles whose confirmation is older than the setting allows, oldest first; `unasked`:
 * only those not mailed since their last confirmation. Each walks its index of the last
 * confirmation (migration 0033, decision 129): the terms must stay as the indexes spell them.
 */
export function lapsedQuery(deps: Pick<Deps, 'db'>, days: number, now: Date, unasked = false) {
  const confirmed = sql`coalesce(${practitionerProfiles.attestedAt}, ${practitionerProfiles.updatedAt})`;
  const lapsed = sql`${confirmed} <= ${now.getTime() - days * DAY_MS}`;
  const notAsked = or(
    isNull(practitionerProfiles.attestationAskedAt),
    lt(practitionerProfiles.attestationAskedAt, confirmed),
  );
  return deps.db
    .select({
      submissionId: submissions.id,
      firstName: submissions.firstName,
      lastName: submissions.lastName,
      email: submissions.email,
      trackingToken: submissions.trackingToken,
      attestedAt: practitionerProfiles.attestedAt,
      updatedAt: practitionerProfiles.updatedAt,
      askedAt: practitionerProfiles.attestationAskedAt,
    })
    .from(practitionerProfiles)
    .innerJoin(submissions, eq(submissions.id, practitionerProfiles.submissionId))
    .where(unasked ? and(lapsed, notAsked) : lapsed)
    .orderBy(asc(confirmed));
}

/** The desk's list: every application whose practitioner let the confirmation lapse. */
export async function lapsedAttestations(deps: Deps): Promise<LapsedAttestation[]> {
  const { attestationDays } = await readDeskSettings(deps);
  const now = deps.clock.now();
  const rows = await lapsedQuery(deps, attestationDays, now).limit(500);
  return rows.map((row) => ({
    submissionId: row.submissionId,
    practitionerName: `${row.firstName} ${row.lastName}`,
    lastConfirmedAt: lastConfirmed(row).toISOString(),
    dueOn: attestationOf(row, attestationDays, now).dueOn,
    askedAt: row.askedAt?.toISOString() ?? null,
  }));
}

/**
 * The maintenance step: mails each practitioner whose confirmation is due and who was not
 * asked since, once (two runs racing cannot both mail: the mark is set conditionally).
 */
export async function askForAttestations(deps: Deps): Promise<number> {
  const { attestationDays } = await readDeskSettings(deps);
  const now = deps.clock.now();
  const due = await lapsedQuery(deps, attestationDays, now, true).limit(ASKS_PER_RUN);
  let asked = 0;
  for (const row of due) {
    if (!workLeft(deps)) break;
    // Marked first, conditionally: of two runs racing, one mails. A crash before the mail
    // leaves the ask unsent, and the desk still lists the lapse.
    const marked = await deps.db
      .update(practitionerProfiles)
      .set({ attestationAskedAt: now })
      .where(
        and(
          eq(practitionerProfiles.submissionId, row.submissionId),
          row.askedAt
            ? eq(practitionerProfiles.attestationAskedAt, row.askedAt)
            : isNull(practitionerProfiles.attestationAskedAt),
        ),
      )
      .returning({ id: practitionerProfiles.submissionId });
    if (marked.length === 0) continue;
    const mail = outboxInsert(
      deps.db,
      attestationAskMail(deps.config, row, lastConfirmed(row)),
      now,
    );
    await mail.query;
    await deliverAll(deps, [mail.id]);
    asked += 1;
  }
  return asked;
}
