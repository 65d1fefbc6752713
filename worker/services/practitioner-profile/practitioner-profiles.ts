// The practitioner profile that scheme forms are filled from, sent with the tracking token
// after Submit. Write-only from the practitioner's side: the answer says it was kept, never
// what it holds, because a tracking link may be forwarded (the tracking view leaves out the
// ID number for the same reason) and the phone keeps its own sealed copy to edit. Staff read
// it in the data-subject export.
import { eq, sql } from 'drizzle-orm';
import { practitionerProfiles } from '../../../schema/db.ts';
import type { PractitionerProfile } from '../../../schema/practitioner-profile.ts';
import { profileDiff } from '../../../schema/profile-diff.ts';
import { keyedDigest } from '../../crypto/keyed-digest.ts';
import { openSecret, sealSecret } from '../../crypto/sealed-secrets.ts';
import type { Deps } from '../../deps.ts';
import { profileChangedMail, profileChanges } from '../../mail/profile-mail.ts';
import { deliverAll, outboxInsert } from '../notices/mail-outbox.ts';
import { securityLogInsert } from '../security-log/security-log.ts';
import { profileChangeInsert } from './profile-history.ts';
import { spendProfileProof, submissionOfToken } from './profile-proofs.ts';
import { requireSigningOpen, signingStopLink } from './signing-stops.ts';

/** Sealed under the signing key, bound to its submission: no other row can take it over. */
const context = (submissionId: string) => `practitioner-profile:${submissionId}`;

/**
 * A keyed digest of the bank details, so a change of them is seen (and clears the staff's
 * account check) without opening any sealed profile, and a digest alone shows nothing.
 */
export async function bankFingerprint(deps: Deps, profile: PractitionerProfile): Promise<string> {
  const { bank } = profile;
  const parts = [bank.accountHolder, bank.bank, bank.otherBankName ?? '', bank.branchCode];
  const text = JSON.stringify([...parts, bank.accountNumber, bank.accountType]);
  return keyedDigest(deps.signingKey, 'bank-details', text);
}

/**
 * Keeps the profile the phone sends. New bank details need a fresh one-time code (decision
 * 108) and no stop in force; any change is kept for staff as a diff and mailed at once to the
 * application's address, bank details masked, with a "This was not me" link (issue 35).
 */
export async function savePractitionerProfile(
  deps: Deps,
  token: string,
  profile: PractitionerProfile,
  proofCode: string | undefined,
): Promise<{ version: number; updatedAt: string }> {
  const { db } = deps;
  const submission = await submissionOfToken(deps, token);
  const stored = await practitionerProfileOf(deps, submission.id);
  const fingerprint = await bankFingerprint(deps, profile);
  const proven = stored?.bankFingerprint !== fingerprint;
  if (proven) {
    await requireSigningOpen(deps, submission.id);
    await spendProfileProof(deps, submission, proofCode);
  }
  const now = deps.clock.now();
  const before = stored && profileOnly(stored);
  const diff = profileDiff(before, profile);
  // Every change is kept for staff and told at once, with a link that stops signing.
  const told =
    diff.length > 0
      ? await Promise.all([
          signingStopLink(deps, submission.id, 'profile_changed', now),
          profileChangeInsert(deps, submission.id, (stored?.version ?? 0) + 1, diff, now),
        ])
      : null;
  const mail = told
    ? outboxInsert(
        db,
        profileChangedMail(
          deps.config,
          { ...submission, stopCode: told[0].code },
          profileChanges(before, profile),
        ),
        now,
      )
    : undefined;
  const sealed = await sealSecret(deps.signingKey, JSON.stringify(profile), context(submission.id));
  // Other bank details than the ones staff checked: the check no longer holds.
  const keepsCheck = sql`${practitionerProfiles.accountCheckedFingerprint} = ${fingerprint}`;
  const [saved] = await db.batch([
    db
      .insert(practitionerProfiles)
      .values({
        submissionId: submission.id,
        sealedProfile: sealed,
        version: 1,
        updatedAt: now,
        bankFingerprint: fingerprint,
        attestedAt: now,
      })
      .onConflictDoUpdate({
        target: practitionerProfiles.submissionId,
        set: {
          sealedProfile: sealed,
          version: sql`${practitionerProfiles.version} + 1`,
          updatedAt: now,
          // Saved with a fresh code: the practitioner said it is true now (issue 38).
          ...(proven ? { attestedAt: now } : {}),
          bankFingerprint: fingerprint,
          accountCheckedFingerprint: sql`CASE WHEN ${keepsCheck} THEN ${practitionerProfiles.accountCheckedFingerprint} END`,
          accountCheckedBy: sql`CASE WHEN ${keepsCheck} THEN ${practitionerProfiles.accountCheckedBy} END`,
          accountCheckedAt: sql`CASE WHEN ${keepsCheck} THEN ${practitionerProfiles.accountCheckedAt} END`,
        },
      })
      .returning({ version: practitionerProfiles.version }),
    ...(mail && told ? [mail.query, told[0].query, told[1].query] : []),
    securityLogInsert(
      db,
      {
        action: 'practitioner_profile_saved',
        actor: { type: 'anonymous' },
        entityType: 'submission',
        entityId: submission.id,
        submissionId: submission.id,
      },
      now,
    ),
  ]);
  if (mail) await deliverAll(deps, [mail.id]);
  return { version: saved[0]?.version ?? 1, updatedAt: now.toISOString() };
}

/** The profile's own fields, without what the server keeps beside them. */
function profileOnly(stored: NonNullable<Awaited<ReturnType<typeof practitionerProfileOf>>>) {
  const { version, updatedAt, bankFingerprint, accountChecked, ...profile } = stored;
  return profile as PractitionerProfile;
}

/** The stored profile of a submission, opened; null when none was sent. */
export async function practitionerProfileOf(
  deps: Deps,
  submissionId: string,
): Promise<
  | (PractitionerProfile & {
      version: number;
      updatedAt: string;
      bankFingerprint: string | null;
      accountChecked: { fingerprint: string; by: string | null; at: Date } | null;
    })
  | null
> {
  const [row] = await deps.db
    .select()
    .from(practitionerProfiles)
    .where(eq(practitionerProfiles.submissionId, submissionId));
  if (!row) return null;
  const opened = await openSecret(deps.signingKey, row.sealedProfile, context(submissionId));
  if (opened === null) return null;
  return {
    ...(JSON.parse(opened) as PractitionerProfile),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    bankFingerprint: row.bankFingerprint,
    accountChecked:
      row.accountCheckedFingerprint && row.accountCheckedAt
        ? {
            fingerprint: row.accountCheckedFingerprint,
            by: row.accountCheckedBy,
            at: row.accountCheckedAt,
          }
        : null,
  };
}
