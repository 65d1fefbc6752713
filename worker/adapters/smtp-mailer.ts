// Mail through an SMTP server (Node entry only: nodemailer needs Node's sockets, so only the
// embedded composition imports this file, never app.ts, a service or the Workers entry).
// Configured by SMTP_URL or SMTP_HOST/PORT/USER/PASSWORD/SECURE. The outbox id becomes the
// Message-ID, so a message sent again after a crash carries the same id; SMTP itself has no
// idempotency, so this transport is at-least-once (decision 053).
import nodemailer from 'nodemailer';
import type { SmtpConfig } from '../config.ts';
import type { Mailer } from '../ports.ts';

/** The domain part of the sender's address, for Message-IDs. */
function domainOf(from: string): string {
  return /@([A-Za-z0-9.-]+)/.exec(from)?.[1] ?? 'portal.local';
}

export function createSmtpMailer(options: { smtp: SmtpConfig; from: string }): Mailer {
  const { smtp } = options;
  const transport =
    'url' in smtp
      ? nodemailer.createTransport(smtp.url)
      : nodemailer.createTransport({
          host: smtp.host,
          port: smtp.port,
          secure: smtp.secure,
          ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
        });
  const domain = domainOf(options.from);
  return {
    async send(message) {
      try {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          date: message.date,
          messageId: `<${message.id}@${domain}>`,
        });
      } catch (error) {
        // The server's answer may repeat the address; the outbox keeps only the codes.
        const e = error as { code?: string; responseCode?: number };
        throw new Error(
          `The SMTP server did not accept the message (${e.code ?? 'error'}${e.responseCode ? ` ${e.responseCode}` : ''})`,
        );
      }
    },
  };
}
