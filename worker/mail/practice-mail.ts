// What a practice manager and the practitioners they invite are mailed (decision 120). The
// manager types the practice's and the invitee's names; an invitation goes to an address the
// manager chose, so only names that look like names are repeated in it (never free text under
// the bureau's name), and never anything personal of another practitioner.
import type { Config } from '../config.ts';
import type { OutboxMessage } from '../services/notices/mail-outbox.ts';
import { composeMail, paragraph } from './mail-format.ts';

type MailConfig = Pick<Config, 'bureauName' | 'publicOrigin' | 'supportEmail'>;

/** A practice's or a person's name as people write them, at most 80 characters. */
export function isPlausibleName(name: string): boolean {
  const value = name.trim();
  return value.length <= 80 && /^[\p{L}\p{N}][\p{L}\p{M}\p{N}&.,'’ ()-]*$/u.test(value);
}

export function practiceLink(config: MailConfig, token: string): string {
  return `${config.publicOrigin}/practice?token=${encodeURIComponent(token)}`;
}

export function invitationLink(config: MailConfig, token: string): string {
  return `${config.publicOrigin}/practice/join?invitation=${encodeURIComponent(token)}`;
}

export function practiceCreatedMail(
  config: MailConfig,
  practice: { managerEmail: string; managerName: string; name: string },
  token: string,
): OutboxMessage {
  const practiceName = isPlausibleName(practice.name) ? practice.name.trim() : 'your practice';
  return composeMail(practice.managerEmail, `Your practice application: ${practiceName}`, [
    paragraph(
      isPlausibleName(practice.managerName) ? `Dear ${practice.managerName.trim()},` : 'Hello,',
    ),
    paragraph(
      `We have received the practice's part of the application for ${practiceName}. Invite each practitioner from the practice page; each gets their own link to add what is theirs.`,
    ),
    {
      kind: 'link',
      label: 'Your practice page (keep this link private):',
      url: practiceLink(config, token),
    },
    paragraph(`Kind regards,\n${config.bureauName}\nQuestions? Write to ${config.supportEmail}.`),
  ]);
}

export function invitationMail(
  config: MailConfig,
  invitation: {
    email: string;
    name: string;
    practiceName: string;
    expiresAt: Date;
  },
  token: string,
): OutboxMessage {
  const practiceName = isPlausibleName(invitation.practiceName)
    ? invitation.practiceName.trim()
    : 'your practice';
  const expires = invitation.expiresAt.toLocaleDateString('en-ZA', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Africa/Johannesburg',
  });
  return composeMail(invitation.email, `Your medical aid registration with ${practiceName}`, [
    paragraph(isPlausibleName(invitation.name) ? `Dear ${invitation.name.trim()},` : 'Hello,'),
    paragraph(
      `Your practice manager has started the medical aid registration for ${practiceName} with ${config.bureauName}. The practice's details, documents and schemes are already filled in: please add your own details, documents and POPIA consent.`,
    ),
    {
      kind: 'link',
      label: 'Open your part of the application:',
      url: invitationLink(config, token),
    },
    paragraph(
      `This link is yours alone and works until ${expires}. If you were not expecting it, ignore this e-mail.`,
    ),
    paragraph(`Kind regards,\n${config.bureauName}\nQuestions? Write to ${config.supportEmail}.`),
  ]);
}
