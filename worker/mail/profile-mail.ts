// The mails that guard the practitioner's bank details (decision 108): the one-time code, and
// word of every change of the profile and of every signing, sent to the application's address
// at once, so a forwarded tracking link cannot be used quietly. Bank details are never written
// out: the account number shows its last three digits, other fields only that they changed.
import type { PractitionerProfile } from '../../schema/practitioner-profile.ts';
import { PROFILE_CHANGE_LABELS, profileDiff } from '../../schema/profile-diff.ts';
import type { OutboxMessage } from '../services/notices/mail-outbox.ts';
import { type Block, composeMail, paragraph } from './mail-format.ts';
import { greeting, type MailConfig, signOff, trackingLink } from './practitioner-mail.ts';

type To = { email: string; lastName: string; trackingToken: string };

const lastDigits = (accountNumber: string) => `ending in ${accountNumber.slice(-3)}`;

/** What changed from `before` to `after`, each as a line the mail can show, bank details masked. */
export function profileChanges(
  before: PractitionerProfile | null,
  after: PractitionerProfile,
): string[] {
  if (!before)
    return [
      `Your details were sent, with the bank account ${lastDigits(after.bank.accountNumber)}.`,
    ];
  return profileDiff(before, after).map(({ field }) =>
    field === 'accountNumber'
      ? `Account number: now ${lastDigits(after.bank.accountNumber)} (was ${lastDigits(before.bank.accountNumber)})`
      : `${PROFILE_CHANGE_LABELS[field]}: changed`,
  );
}

/** What to do if it was not them: the link that stops signing (issue 35), and the bureau's address. */
const notYou = (config: MailConfig, stopUrl: string): Block[] => [
  paragraph(
    'If this was not you, someone else has your tracking link. Open this link to stop all signing of scheme forms for your application at once; we will call you before anything goes further:',
  ),
  { kind: 'link', label: 'This was not me:', url: stopUrl },
  paragraph(
    `You can also write to us at ${config.supportEmail}. We send no signed form to a scheme before we have checked its bank details against your bank letter.`,
  ),
];

export function proofCodeMail(config: MailConfig, to: To, code: string): OutboxMessage {
  return composeMail(to.email, `${config.bureauName}: your code to confirm it is you`, [
    greeting(to.lastName),
    { kind: 'code', label: 'Your code:', value: code },
    paragraph(
      'Enter it on the page where you asked for it. It works once, for 10 minutes. We ask for it before bank details are changed or scheme forms are signed, so that nobody else can do either with your tracking link.',
    ),
    paragraph(
      `If you did not ask for a code, do not pass it on to anyone, and write to us at ${config.supportEmail}.`,
    ),
    signOff(config),
  ]);
}

/** Word of something done with the tracking link that moves money: what, and what to do. */
function doneWithTheLink(
  config: MailConfig,
  to: To & { stopCode: string },
  subject: string,
  what: string,
  items: string[],
): OutboxMessage {
  return composeMail(to.email, `${config.bureauName}: ${subject}`, [
    greeting(to.lastName),
    paragraph(what),
    { kind: 'list', items },
    ...notYou(config, signingStopLink(config, to.trackingToken, to.stopCode)),
    { kind: 'link', label: 'Your application:', url: trackingLink(config, to.trackingToken) },
    signOff(config),
  ]);
}

/**
 * The "This was not me" link: the scheme-forms page with the code in the fragment (as the
 * receipt's confirmation link, decision 100), so it reaches no server log.
 */
export function signingStopLink(config: MailConfig, token: string, code: string): string {
  return `${config.publicOrigin}/track/forms?token=${encodeURIComponent(token)}#not-me=${encodeURIComponent(code)}`;
}

type Told = To & { stopCode: string };

export const profileChangedMail = (config: MailConfig, to: Told, changes: string[]) =>
  doneWithTheLink(
    config,
    to,
    'your details for the scheme forms changed',
    'Your details for the scheme forms were just changed with your tracking link:',
    changes,
  );

export const formsSignedMail = (config: MailConfig, to: Told, schemes: string[]) =>
  doneWithTheLink(
    config,
    to,
    'your scheme forms were signed',
    'These scheme forms were just signed in your name with your tracking link:',
    schemes,
  );

/** Every so many days: is the profile the scheme forms are filled from still true? (issue 38) */
export function attestationAskMail(config: MailConfig, to: To, lastConfirmed: Date): OutboxMessage {
  const since = lastConfirmed.toLocaleDateString('en-ZA', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Africa/Johannesburg',
  });
  return composeMail(to.email, `${config.bureauName}: are your details still right?`, [
    greeting(to.lastName),
    paragraph(
      `You last confirmed the details we fill your scheme forms with on ${since}. Schemes pay into the bank account in them, so we ask every few months: please open your forms page, check them, and confirm or correct them. It takes a minute and a code we e-mail you.`,
    ),
    {
      kind: 'link',
      label: 'Check your details:',
      url: `${config.publicOrigin}/track/forms?token=${encodeURIComponent(to.trackingToken)}`,
    },
    paragraph(
      `If something is wrong and you cannot correct it there, write to us at ${config.supportEmail}.`,
    ),
    signOff(config),
  ]);
}
