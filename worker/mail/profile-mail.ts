// The mails that guard the practitioner's bank details (decision 108): the one-time code, and
// word of every change of the profile and of every signing, sent to the application's address
// at once, so a forwarded tracking link cannot be used quietly. Bank details are never written
// out: the account number shows its last three digits, other fields only that they changed.
import type { PractitionerProfile } from '../../schema/practitioner-profile.ts';
import type { OutboxMessage } from '../services/notices/mail-outbox.ts';
import { composeMail, paragraph } from './mail-format.ts';
import { greeting, type MailConfig, signOff, trackingLink } from './practitioner-mail.ts';

type To = { email: string; lastName: string; trackingToken: string };

const FIELD_LABELS: Record<string, string> = {
  practiceName: 'Practice name',
  physicalAddress: 'Practice address',
  postalAddress: 'Postal address',
  dateOfBirth: 'Date of birth',
  gender: 'Gender',
  qualifications: 'Qualifications',
  councilRegistration: 'Council registration number',
  vatNumber: 'VAT number',
  accountHolder: 'Account holder',
  bank: 'Bank',
  otherBankName: 'Bank',
  branchCode: 'Branch code',
  accountType: 'Account type',
};

const lastDigits = (accountNumber: string) => `ending in ${accountNumber.slice(-3)}`;

/** What changed from `before` to `after`, each as a line the mail can show. */
export function profileChanges(
  before: PractitionerProfile | null,
  after: PractitionerProfile,
): string[] {
  if (!before)
    return [
      `Your details were sent, with the bank account ${lastDigits(after.bank.accountNumber)}.`,
    ];
  const lines = new Set<string>();
  const { bank: beforeBank, ...beforeRest } = before;
  const { bank: afterBank, ...afterRest } = after;
  for (const key of new Set([...Object.keys(beforeRest), ...Object.keys(afterRest)])) {
    const was = JSON.stringify(beforeRest[key as keyof typeof beforeRest] ?? null);
    const now = JSON.stringify(afterRest[key as keyof typeof afterRest] ?? null);
    if (was !== now) lines.add(`${FIELD_LABELS[key] ?? key}: changed`);
  }
  for (const key of new Set([...Object.keys(beforeBank), ...Object.keys(afterBank)])) {
    const was = beforeBank[key as keyof typeof beforeBank] ?? '';
    const now = afterBank[key as keyof typeof afterBank] ?? '';
    if (was === now) continue;
    lines.add(
      key === 'accountNumber'
        ? `Account number: now ${lastDigits(afterBank.accountNumber)} (was ${lastDigits(beforeBank.accountNumber)})`
        : `${FIELD_LABELS[key] ?? key}: changed`,
    );
  }
  return [...lines];
}

const notYou = (config: MailConfig) =>
  paragraph(
    `If this was not you, someone else has your tracking link: write to us at once at ${config.supportEmail}. We send no signed form to a scheme before we have checked its bank details against your bank letter.`,
  );

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
  to: To,
  subject: string,
  what: string,
  items: string[],
): OutboxMessage {
  return composeMail(to.email, `${config.bureauName}: ${subject}`, [
    greeting(to.lastName),
    paragraph(what),
    { kind: 'list', items },
    notYou(config),
    { kind: 'link', label: 'Your application:', url: trackingLink(config, to.trackingToken) },
    signOff(config),
  ]);
}

export const profileChangedMail = (config: MailConfig, to: To, changes: string[]) =>
  doneWithTheLink(
    config,
    to,
    'your details for the scheme forms changed',
    'Your details for the scheme forms were just changed with your tracking link:',
    changes,
  );

export const formsSignedMail = (config: MailConfig, to: To, schemes: string[]) =>
  doneWithTheLink(
    config,
    to,
    'your scheme forms were signed',
    'These scheme forms were just signed in your name with your tracking link:',
    schemes,
  );
