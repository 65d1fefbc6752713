// A change to a staff account that its owner must hear of (issue 25): written to the security
// log and mailed to the account's address in one batch, then delivered (a failed delivery stays
// in the outbox for maintenance to retry). Used by the CLI and the password-reset link.
import type { Deps } from '../../deps.ts';
import { type AccountChange, accountChangeMail } from '../../mail/staff-account-mail.ts';
import { deliverAll, outboxInsert } from '../notices/mail-outbox.ts';
import { type SecurityActor, securityLogInsert } from '../security-log/security-log.ts';

const ACTIONS: Record<AccountChange, string> = {
  mfa_enrolled: 'staff_mfa_enrolled',
  mfa_reset: 'staff_mfa_reset',
  password_changed: 'staff_password_changed',
  set_up_link_issued: 'staff_set_up_link_mailed',
};

export async function accountChangeNotified(
  deps: Deps,
  account: { id: string; email: string },
  change: AccountChange,
  actor: SecurityActor,
): Promise<void> {
  const now = deps.clock.now();
  const mail = outboxInsert(deps.db, accountChangeMail(deps.config, account.email, change), now);
  await deps.db.batch([
    securityLogInsert(
      deps.db,
      { action: ACTIONS[change], actor, entityType: 'staff_user', entityId: account.id },
      now,
    ),
    mail.query,
  ]);
  await deliverAll(deps, [mail.id]);
}
