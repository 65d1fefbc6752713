// Set-up links from the dashboard (issue 25): staff see which accounts have not set up two-step
// sign-in and whose set-up link is still waiting, and issue a new link for such an account, as
// `npm run admin -- enrolment-link` does. The link is answered once and never stored (only its
// code's SHA-256, staff-enrolment.ts); the issue is in the security log with who issued it.
import { asc, eq } from 'drizzle-orm';
import { staffUsers } from '../../../schema/db.ts';
import type { IssuedSetUpLink, StaffSetUpStatus } from '../../../schema/staff-setup-api.ts';
import type { Database } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http.ts';
import type { SecurityActor } from '../security-log/security-log.ts';
import { accountChangeNotified } from './account-notices.ts';
import { enrolmentLink, issueEnrolmentCode } from './staff-enrolment.ts';

export async function staffSetUpStatuses(db: Database, now: Date): Promise<StaffSetUpStatus[]> {
  const rows = await db
    .select({
      id: staffUsers.id,
      email: staffUsers.email,
      disabled: staffUsers.disabled,
      totpSecret: staffUsers.totpSecret,
      enrolmentExpiresAt: staffUsers.enrolmentExpiresAt,
      lastLoginAt: staffUsers.lastLoginAt,
    })
    .from(staffUsers)
    .orderBy(asc(staffUsers.email));
  return rows.map((row) => {
    const enrolled = row.totpSecret !== null;
    const waiting =
      !enrolled && row.enrolmentExpiresAt && row.enrolmentExpiresAt.getTime() > now.getTime();
    return {
      id: row.id,
      email: row.email,
      disabled: row.disabled,
      enrolled,
      setUpLinkExpiresAt: waiting ? row.enrolmentExpiresAt!.toISOString() : null,
      lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    };
  });
}

export async function issueSetUpLink(
  deps: Deps,
  accountId: string,
  actor: SecurityActor,
): Promise<IssuedSetUpLink> {
  const [account] = await deps.db
    .select({
      email: staffUsers.email,
      disabled: staffUsers.disabled,
      totpSecret: staffUsers.totpSecret,
    })
    .from(staffUsers)
    .where(eq(staffUsers.id, accountId));
  if (!account) throw new ApiError(404, 'not_found', 'No staff account has this id.');
  if (account.disabled) {
    throw new ApiError(409, 'account_disabled', 'This account is disabled: enable it first.');
  }
  const issued = account.totpSecret
    ? null
    : await issueEnrolmentCode(deps.db, accountId, actor, deps.clock.now());
  if (!issued) {
    throw new ApiError(
      409,
      'already_set_up',
      'This account has set up two-step sign-in already. Reset it with npm run admin -- reset-mfa first.',
    );
  }
  // Any staff member may issue one (there are no roles), and it replaces the owner's pending
  // link: the owner hears of it at once (review 2026-11-28, L8).
  await accountChangeNotified(
    deps,
    { id: accountId, email: account.email },
    'set_up_link_issued',
    actor,
  );
  return {
    link: enrolmentLink(deps.config, issued.code),
    expiresAt: issued.expiresAt.toISOString(),
  };
}
