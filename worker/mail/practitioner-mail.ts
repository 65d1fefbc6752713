// What practitioners are mailed: the receipt of an application, news about it (status changes
// and documents to replace, several combined into one message) and their tracking links.
// Names, scheme names, file names and staff reasons only: never an ID number, a bank detail
// or a document's contents.
import { SCHEME_STATUS_LABEL, SUBMISSION_STATUS_LABEL } from '../../schema/status-labels.ts';
import type { Config } from '../config.ts';
import type { OutboxMessage } from '../services/notices/mail-outbox.ts';
import { type Block, composeMail, paragraph } from './mail-format.ts';

export type MailConfig = Pick<
  Config,
  'bureauName' | 'publicOrigin' | 'postalAddress' | 'supportEmail'
>;

export type Recipient = { email: string; lastName: string; trackingToken: string };

/** The tracking page for a token, optionally opened at one element (`#document-<id>`). */
export function trackingLink(config: MailConfig, token: string, anchor?: string): string {
  const url = `${config.publicOrigin}/track?token=${encodeURIComponent(token)}`;
  return anchor ? `${url}#${encodeURIComponent(anchor)}` : url;
}

/**
 * A last name as people write them: letters (any script), spaces, hyphens and apostrophes, at
 * most 40 characters. Anything else (links, sentences, markup) is not repeated to whoever
 * owns the address typed: the mail would relay the sender's text under the bureau's name.
 */
export function isPlausibleLastName(lastName: string): boolean {
  const name = lastName.trim();
  return name.length <= 40 && /^\p{L}[\p{L}\p{M}' ’-]*$/u.test(name);
}

export const greeting = (lastName: string) =>
  paragraph(isPlausibleLastName(lastName) ? `Dear Dr. ${lastName.trim()},` : 'Dear Doctor,');
export const signOff = (config: MailConfig) =>
  paragraph(`Kind regards,\n${config.bureauName}\nQuestions? Write to ${config.supportEmail}.`);

/**
 * The tracking page's hard-copy card, in the same words (web/features/tracking). The envelope
 * quotes the short reference, never the tracking token: paper passes through many hands and
 * the token opens the application (decision 089).
 */
export function hardCopyBlocks(config: MailConfig, schemes: string[], reference: string): Block[] {
  return [
    paragraph('Certified hard copies required'),
    paragraph(
      'These schemes need certified paper copies of your documents before they can complete your registration:',
    ),
    { kind: 'list', items: schemes },
    {
      kind: 'steps',
      items: [
        "Get the documents certified by a commissioner of oaths (for example at a police station, post office or attorney's office).",
        `Mail them to our postal address below, quoting your reference ${reference}.`,
        `${config.bureauName} forwards them to the schemes for you.`,
      ],
    },
    { kind: 'address', lines: config.postalAddress },
  ];
}

/** The receipt's link that confirms the address: the code rides in the fragment, never sent to a server in a request line. */
export function addressConfirmationLink(config: MailConfig, token: string, code: string): string {
  return `${trackingLink(config, token)}#confirm=${encodeURIComponent(code)}`;
}

export function receivedMail(
  config: MailConfig,
  to: Recipient & { reference: string; addressCode: string },
  schemes: readonly { label: string; requiresHardCopy: boolean }[],
): OutboxMessage {
  const hardCopy = schemes.filter((s) => s.requiresHardCopy).map((s) => s.label);
  return composeMail(to.email, `${config.bureauName}: we have received your application`, [
    greeting(to.lastName),
    paragraph(
      'Thank you: we have received your application. It is pending review by our team, and we will e-mail you when its status changes.',
    ),
    {
      kind: 'link',
      label: 'Follow its progress at any time here:',
      url: trackingLink(config, to.trackingToken),
    },
    { kind: 'code', label: 'Your tracking token:', value: to.trackingToken },
    { kind: 'code', label: 'Your reference:', value: to.reference },
    paragraph(
      'Keep this e-mail: the link and the token are how you follow your application. Quote the reference when you call us or post documents.',
    ),
    {
      kind: 'link',
      label:
        'Confirm that this is your e-mail address, so that we keep your applications together:',
      url: addressConfirmationLink(config, to.trackingToken, to.addressCode),
    },
    ...(schemes.length > 0
      ? [
          paragraph('The medical aid schemes you chose:'),
          { kind: 'list', items: schemes.map((s) => s.label) } as Block,
        ]
      : []),
    ...(hardCopy.length > 0 ? hardCopyBlocks(config, hardCopy, to.reference) : []),
    signOff(config),
  ]);
}

/** One cause of a notice mail (schema/db.ts practitioner_notices, decision 053). */
export type Notice =
  | { kind: 'submission_status'; payload: { status: keyof typeof SUBMISSION_STATUS_LABEL } }
  | {
      kind: 'scheme_status';
      payload: { schemeName: string; status: keyof typeof SCHEME_STATUS_LABEL };
    }
  | {
      kind: 'document_rejected';
      payload: { documentId: string; sectionLabel: string; fileName: string; reason: string };
    }
  /** Staff ask for something (issue 27); a reminder repeats it (reminder: '1' or '2'). */
  | { kind: 'practitioner_request'; payload: RequestPayload }
  | { kind: 'request_reminder'; payload: RequestPayload & { reminder: string } }
  /** A document nears the last day it is good (issue 38); step: before_30, on_the_day, … */
  | {
      kind: 'document_expiring';
      payload: { documentId: string; sectionLabel: string; goodUntil: string; step: string };
    };

type RequestPayload = { requestId: string; schemeName: string; request: string };

function subjectOf(config: MailConfig, notices: readonly Notice[]): string {
  const only = notices.length === 1 ? notices[0]! : null;
  if (only?.kind === 'submission_status') {
    return `${config.bureauName}: your application is now ${SUBMISSION_STATUS_LABEL[only.payload.status]}`;
  }
  if (only?.kind === 'scheme_status') {
    return `${config.bureauName}: ${only.payload.schemeName} is now ${SCHEME_STATUS_LABEL[only.payload.status]}`;
  }
  if (only?.kind === 'document_rejected') return `${config.bureauName}: a document needs replacing`;
  if (only?.kind === 'practitioner_request') {
    return `${config.bureauName}: ${only.payload.schemeName} needs something from you`;
  }
  if (only?.kind === 'document_expiring') {
    return only.payload.step === 'on_the_day'
      ? `${config.bureauName}: a document stops being valid today`
      : `${config.bureauName}: a document needs renewing soon`;
  }
  if (only?.kind === 'request_reminder') {
    return `${config.bureauName}: reminder, ${only.payload.schemeName} is waiting for your answer`;
  }
  return `${config.bureauName}: updates to your application`;
}

/** All of one submission's pending notices as one message. */
export function noticeMail(
  config: MailConfig,
  to: Recipient,
  notices: readonly Notice[],
): OutboxMessage {
  const statuses: string[] = [];
  const documents: Block[] = [];
  for (const notice of notices) {
    if (notice.kind === 'submission_status') {
      statuses.push(`Application status: ${SUBMISSION_STATUS_LABEL[notice.payload.status]}`);
    } else if (notice.kind === 'scheme_status') {
      statuses.push(`${notice.payload.schemeName}: ${SCHEME_STATUS_LABEL[notice.payload.status]}`);
    } else if (notice.kind === 'practitioner_request' || notice.kind === 'request_reminder') {
      const p = notice.payload;
      const lead =
        notice.kind === 'request_reminder'
          ? `Reminder: for ${p.schemeName} we are still waiting for your answer to:`
          : `For ${p.schemeName} we need something from you:`;
      documents.push(paragraph(`${lead}\n${p.request}`), {
        kind: 'link',
        label: 'Answer it here:',
        url: trackingLink(config, to.trackingToken, `request-${p.requestId}`),
      });
    } else if (notice.kind === 'document_expiring') {
      documents.push(...expiringBlocks(config, to.trackingToken, notice.payload));
    } else {
      const p = notice.payload;
      documents.push(
        paragraph(`Document to replace: ${p.sectionLabel} (${p.fileName})\nReason: ${p.reason}`),
        {
          kind: 'link',
          label: 'Upload a replacement here:',
          url: trackingLink(config, to.trackingToken, `document-${p.documentId}`),
        },
      );
    }
  }
  return composeMail(to.email, subjectOf(config, notices), [
    greeting(to.lastName),
    paragraph('There is news about your application.'),
    ...(statuses.length > 0 ? [{ kind: 'list', items: statuses } as Block] : []),
    ...documents,
    { kind: 'link', label: 'See your application:', url: trackingLink(config, to.trackingToken) },
    signOff(config),
  ]);
}

function expiringBlocks(
  config: MailConfig,
  trackingToken: string,
  p: Extract<Notice, { kind: 'document_expiring' }>['payload'],
): Block[] {
  const until = new Date(`${p.goodUntil}T12:00:00Z`).toLocaleDateString('en-ZA', {
    dateStyle: 'long',
    timeZone: 'Africa/Johannesburg',
  });
  const lead =
    p.step === 'on_the_day'
      ? `${p.sectionLabel}: today, ${until}, is the last day the schemes accept the one we hold.`
      : `${p.sectionLabel}: the one we hold is accepted by the schemes until ${until}.`;
  return [
    paragraph(`${lead}\nPlease send a new one so your registrations stay valid.`),
    {
      kind: 'link',
      label: 'Upload the new one here:',
      url: trackingLink(config, trackingToken, `document-${p.documentId}`),
    },
  ];
}

export type TrackedApplication = {
  lastName: string;
  trackingToken: string;
  createdAt: Date;
  practiceType: 'established' | 'new';
};

/** The answer to 'I lost my tracking link': every application made with this address. */
export function trackingLinksMail(
  config: MailConfig,
  email: string,
  applications: readonly TrackedApplication[],
): OutboxMessage {
  const latest = applications[0]!;
  return composeMail(email, `${config.bureauName}: your tracking links`, [
    greeting(latest.lastName),
    paragraph(
      'You asked for the tracking links of your applications. Open a link to follow that application:',
    ),
    ...applications.map(
      (a): Block => ({
        kind: 'link',
        label: `Application of ${a.createdAt.toLocaleDateString('en-ZA', { dateStyle: 'long', timeZone: 'Africa/Johannesburg' })} (${a.practiceType === 'established' ? 'established practice' : 'new practice'}):`,
        url: trackingLink(config, a.trackingToken),
      }),
    ),
    paragraph('If you did not ask for this, you can ignore this e-mail.'),
    signOff(config),
  ]);
}
