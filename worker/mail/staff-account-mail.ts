// What a staff member is told about their own account (issue 25): two-step sign-in set up or
// removed, the password changed. Sent to the account's address, so someone who took the
// password or enrolled in its place is noticed by the owner. No link: the mail asks nothing.
import type { Config } from '../config.ts';
import type { OutboxMessage } from '../services/notices/mail-outbox.ts';
import { composeMail, paragraph } from './mail-format.ts';

export type AccountChange =
  | 'mfa_enrolled'
  | 'mfa_reset'
  | 'password_changed'
  | 'set_up_link_issued';

const WHAT: Record<AccountChange, { subject: string; text: string }> = {
  mfa_enrolled: {
    subject: 'two-step sign-in was set up',
    text: 'Two-step sign-in was set up on your dashboard account with a new authenticator app.',
  },
  mfa_reset: {
    subject: 'two-step sign-in was removed',
    text: 'Two-step sign-in was removed from your dashboard account by an administrator, and you were signed out everywhere. You can set it up again only with the one-time set-up link an administrator gives you.',
  },
  set_up_link_issued: {
    subject: 'a set-up link was issued for your account',
    text: 'A colleague issued a one-time link to set up two-step sign-in on your dashboard account from the dashboard; any earlier link of yours stopped working. Ask them for it, or for a new one.',
  },
  password_changed: {
    subject: 'your password was changed',
    text: 'The password of your dashboard account was changed, and you were signed out everywhere.',
  },
};

export function accountChangeMail(
  config: Pick<Config, 'bureauName' | 'supportEmail'>,
  to: string,
  change: AccountChange,
): OutboxMessage {
  const what = WHAT[change];
  return composeMail(to, `${config.bureauName}: ${what.subject}`, [
    paragraph('Hello,'),
    paragraph(what.text),
    paragraph(
      `If this was not you or an administrator you asked, tell ${config.supportEmail} at once.`,
    ),
    paragraph(config.bureauName),
  ]);
}
