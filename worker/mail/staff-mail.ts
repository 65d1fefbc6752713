// What staff are told at STAFF_NOTIFY_EMAIL: a new application, a replaced document. Names and
// links to the review page only.
import type { Config } from '../config.ts';
import type { OutboxMessage } from '../services/notices/mail-outbox.ts';
import { composeMail, paragraph } from './mail-format.ts';

type StaffMailConfig = Pick<Config, 'bureauName' | 'publicOrigin'>;
type Applicant = { submissionId: string; firstName: string; lastName: string };
type NewApplicant = Applicant & { reference: string };

export function reviewLink(config: StaffMailConfig, submissionId: string): string {
  return `${config.publicOrigin}/dashboard/submissions/${encodeURIComponent(submissionId)}`;
}

export function newApplicationMail(
  config: StaffMailConfig,
  to: string,
  who: NewApplicant,
): OutboxMessage {
  const name = `${who.firstName} ${who.lastName}`;
  return composeMail(to, `New application: ${name} (${who.reference})`, [
    paragraph(`A new application has arrived from Dr. ${name}, reference ${who.reference}.`),
    { kind: 'link', label: 'Review it here:', url: reviewLink(config, who.submissionId) },
    paragraph(config.bureauName),
  ]);
}

export function replacedDocumentMail(
  config: StaffMailConfig,
  to: string,
  who: Applicant,
  sectionLabel: string,
): OutboxMessage {
  const name = `${who.firstName} ${who.lastName}`;
  return composeMail(to, `Replaced document: ${name}`, [
    paragraph(
      `Dr. ${name} replaced a rejected document (${sectionLabel}). The new file is waiting for review.`,
    ),
    { kind: 'link', label: 'Review it here:', url: reviewLink(config, who.submissionId) },
    paragraph(config.bureauName),
  ]);
}

/** The practitioner pressed "This was not me" (issue 35): signing is stopped until staff call them. */
export function signingStoppedMail(
  config: StaffMailConfig,
  to: string,
  who: Applicant,
  what: string,
): OutboxMessage {
  const name = `${who.firstName} ${who.lastName}`;
  return composeMail(to, `Signing stopped: ${name}`, [
    paragraph(
      `Dr. ${name} says a change was not theirs (${what}). Signing and new bank details are stopped for this application, and its signed forms cannot be downloaded, until a staff member has spoken to the practitioner and resumes them on the review page.`,
    ),
    { kind: 'link', label: 'Review it here:', url: reviewLink(config, who.submissionId) },
    paragraph(config.bureauName),
  ]);
}

/** A webhook endpoint kept failing and was paused (decision 122): the billing system misses events. */
export function webhookPausedMail(
  config: StaffMailConfig,
  to: string,
  endpoint: { description: string; url: string },
  why: string,
): OutboxMessage {
  return composeMail(to, `Webhooks paused: ${endpoint.description}`, [
    paragraph(
      `Webhooks to ${endpoint.description} (${endpoint.url}) are paused: ${why}. Nothing more is sent there until a staff member resumes the endpoint; what is waiting is kept and sent then.`,
    ),
    {
      kind: 'link',
      label: 'See the delivery log:',
      url: `${config.publicOrigin}/dashboard/webhooks`,
    },
    paragraph(config.bureauName),
  ]);
}

/** The security log's daily digest (decision 109): kept outside the server, it dates the chain. */
export function securityLogDigestMail(
  config: StaffMailConfig,
  to: string,
  digest: { day: string; text: string; entries: number },
): OutboxMessage {
  return composeMail(to, `Security log digest ${digest.day}: ${digest.entries} entries`, [
    paragraph(digest.text),
    paragraph(config.bureauName),
  ]);
}
