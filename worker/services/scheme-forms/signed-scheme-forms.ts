// What staff see of the scheme forms a practitioner filled and signed (decision 092): listed
// with the submission, each with a short-lived download link; every link issued goes into the
// security log, like a document's. A signed form carries the practitioner's bank details into
// the scheme's payments, and anyone holding the tracking link could have changed them; so its
// link is issued only once a staff member has recorded that the bank details it was filled
// with match the bank letter reviewed (decision 107). Staff see those bank details here to
// check them, and each view of them is logged.
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { practitionerProfiles, signedSchemeForms, submissions } from '../../../schema/db.ts';
import { ACCOUNT_TYPE_LABELS } from '../../../schema/practitioner-profile.ts';
import { bankByKey } from '../../../schema/sa-banks.ts';
import type {
  StaffAccountCheck,
  StaffSignedSchemeForms,
} from '../../../schema/scheme-forms-api.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http.ts';
import { profileAttestation } from '../practitioner-profile/attestation.ts';
import { practitionerProfileOf } from '../practitioner-profile/practitioner-profiles.ts';
import { profileHistoryOf } from '../practitioner-profile/profile-history.ts';
import { staffSigningStop } from '../practitioner-profile/signing-stops.ts';
import { staffDownloadUrl } from '../review/document-downloads.ts';
import { securityLogInsert, staffActor } from '../security-log/security-log.ts';
import type { StaffIdentity } from '../staff-sessions/sessions.ts';
import { signedFormOf } from './scheme-form-signing.ts';

type Profile = NonNullable<Awaited<ReturnType<typeof practitionerProfileOf>>>;

async function submissionOf(deps: Deps, submissionId: string) {
  const [submission] = await deps.db
    .select({ id: submissions.id })
    .from(submissions)
    .where(eq(submissions.id, submissionId));
  if (!submission) throw new ApiError(404, 'not_found', 'Submission not found');
  return submission;
}

function accountOf(profile: Profile): StaffAccountCheck {
  const current = profile.accountChecked?.fingerprint === profile.bankFingerprint;
  return {
    profileVersion: profile.version,
    accountHolder: profile.bank.accountHolder,
    bankName: bankByKey(profile.bank.bank)?.name ?? profile.bank.otherBankName ?? '',
    branchCode: profile.bank.branchCode,
    accountNumber: profile.bank.accountNumber,
    accountType: ACCOUNT_TYPE_LABELS[profile.bank.accountType],
    checked:
      current && profile.accountChecked
        ? { at: profile.accountChecked.at.toISOString(), by: profile.accountChecked.by }
        : null,
  };
}

export async function staffSignedSchemeForms(
  deps: Deps,
  staff: StaffIdentity,
  submissionId: string,
): Promise<StaffSignedSchemeForms> {
  await submissionOf(deps, submissionId);
  const [rows, profile, stop, changes, attestation] = await Promise.all([
    deps.db
      .select()
      .from(signedSchemeForms)
      .where(eq(signedSchemeForms.submissionId, submissionId))
      .orderBy(desc(signedSchemeForms.signedAt), signedSchemeForms.schemeName),
    practitionerProfileOf(deps, submissionId),
    staffSigningStop(deps, submissionId),
    profileHistoryOf(deps, submissionId),
    profileAttestation(deps, submissionId),
  ]);
  const checked = profile?.accountChecked?.fingerprint;
  // While the practitioner's stop is in force no signed form goes out, checked or not.
  const open = stop
    ? []
    : rows.filter((row) => row.bankFingerprint !== null && row.bankFingerprint === checked);
  const now = deps.clock.now();
  const logged: BatchItem<'sqlite'>[] = [
    ...open.map((row) =>
      securityLogInsert(
        deps.db,
        {
          action: 'document_link_issued',
          actor: staffActor(staff),
          entityType: 'signed_scheme_form',
          entityId: row.id,
          submissionId,
          details: { via: 'signed_forms' },
        },
        now,
      ),
    ),
    ...(profile && (rows.length > 0 || changes.length > 0)
      ? [
          securityLogInsert(
            deps.db,
            {
              action: 'bank_details_viewed',
              actor: staffActor(staff),
              entityType: 'submission',
              entityId: submissionId,
              submissionId,
              details: { profileVersion: profile.version },
            },
            now,
          ),
        ]
      : []),
  ];
  // Given to staff: it may go to a scheme now, so a new signing no longer replaces it.
  const unreleased = open.filter((row) => row.releasedAt === null).map((row) => row.id);
  if (unreleased.length > 0) {
    logged.push(
      deps.db
        .update(signedSchemeForms)
        .set({ releasedAt: now })
        .where(
          and(inArray(signedSchemeForms.id, unreleased), isNull(signedSchemeForms.releasedAt)),
        ),
    );
  }
  const [first, ...rest] = logged;
  if (first) await deps.db.batch([first, ...rest]);
  const forms = await Promise.all(
    rows.map(async (row) => ({
      ...signedFormOf(row),
      downloadUrl: open.includes(row) ? await staffDownloadUrl(deps, row) : null,
    })),
  );
  return {
    forms,
    account: profile && rows.length > 0 ? accountOf(profile) : null,
    stop,
    changes,
    attestation,
  };
}

/**
 * Records that the bank details of the profile version staff were shown match the bank letter
 * reviewed and that the holder is the practitioner or the practice; refused when the profile
 * changed since, so a check is never recorded for details nobody looked at.
 */
export async function recordAccountCheck(
  deps: Deps,
  staff: StaffIdentity,
  submissionId: string,
  profileVersion: number,
): Promise<StaffSignedSchemeForms> {
  await submissionOf(deps, submissionId);
  const profile = await practitionerProfileOf(deps, submissionId);
  if (!profile?.bankFingerprint) {
    throw new ApiError(409, 'no_profile', 'The practitioner has sent no bank details yet.');
  }
  const now = deps.clock.now();
  const [updated] = await deps.db.batch([
    deps.db
      .update(practitionerProfiles)
      .set({
        accountCheckedFingerprint: profile.bankFingerprint,
        accountCheckedBy: staff.id,
        accountCheckedAt: now,
      })
      .where(
        and(
          eq(practitionerProfiles.submissionId, submissionId),
          eq(practitionerProfiles.version, profileVersion),
        ),
      )
      .returning({ version: practitionerProfiles.version }),
    securityLogInsert(
      deps.db,
      {
        action: 'bank_account_checked',
        actor: staffActor(staff),
        entityType: 'submission',
        entityId: submissionId,
        submissionId,
        details: { profileVersion },
      },
      now,
    ),
  ]);
  if (updated.length === 0) {
    // The staff member did check the version they were shown (the log says which); it is no
    // longer the one held, so no mark is set and they are asked to look again.
    throw new ApiError(
      409,
      'profile_changed',
      'The practitioner changed their details since you opened this page. Reload and check the bank details again.',
    );
  }
  return staffSignedSchemeForms(deps, staff, submissionId);
}
