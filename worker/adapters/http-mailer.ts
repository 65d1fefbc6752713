// Mail through an HTTP e-mail API, for deployments that cannot write .eml files (Workers) or
// should really deliver. The request is the widely copied Resend shape: POST JSON
// {from, to: [address], subject, text, html?} with a bearer key; a 2xx answer means accepted.
// The outbox id goes in an Idempotency-Key header, so a provider that honours it (Resend does)
// accepts a message sent again after a crash only once (decision 053).
import type { Mailer } from '../ports.ts';

type HttpMailerOptions = {
  url: string;
  apiKey?: string;
  from: string;
  fetch?: typeof fetch;
};

export function createHttpMailer(options: HttpMailerOptions): Mailer {
  const send = options.fetch ?? fetch;
  return {
    async send(message) {
      const response = await send(options.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Idempotency-Key': message.id,
          ...(options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          from: options.from,
          to: [message.to],
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
        }),
      });
      // The outbox keeps the error for the next attempt; the answer's body may repeat the
      // address, so only the status goes into it.
      await response.body?.cancel();
      if (!response.ok) throw new Error(`The mail API answered ${response.status}`);
    },
  };
}
