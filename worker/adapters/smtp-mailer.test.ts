// The SMTP transport against a minimal SMTP listener on 127.0.0.1 (no TLS, no login): what
// arrives is one message with the outbox id as Message-ID and both text and HTML.

import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from './smtp-mailer.ts';

type Received = { from: string; to: string[]; data: string };
const received: Received[] = [];
let server: Server;
let port = 0;
let refuseRecipients = false;

beforeAll(async () => {
  server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current: Received = { from: '', to: [], data: '' };
    const say = (line: string) => socket.write(`${line}\r\n`);
    say('220 test.local ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      while (true) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          say('250 OK queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') say('250 test.local');
        else if (verb === 'MAIL') {
          current.from = line;
          say('250 OK');
        } else if (verb === 'RCPT') {
          if (refuseRecipients) say('550 No such user doctor@example.co.za');
          else {
            current.to.push(line);
            say('250 OK');
          }
        } else if (verb === 'DATA') {
          inData = true;
          say('354 Go ahead');
        } else if (verb === 'QUIT') {
          say('221 Bye');
          socket.end();
        } else say('250 OK');
      }
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const message = {
  id: 'c1a6f8c2-1b1d-4a51-9a51-3f0c3f4c2d10',
  date: new Date('2026-01-15T08:00:00Z'),
  to: 'doctor@example.co.za',
  subject: 'Medical Billing Bureau: we have received your application',
  text: 'Dear Dr. Nkosi,',
  html: '<p>Dear Dr. Nkosi,</p>',
};

describe('SMTP mailer', () => {
  it('delivers one message with the outbox id as Message-ID and both parts', async () => {
    refuseRecipients = false;
    const mailer = createSmtpMailer({
      smtp: { host: '127.0.0.1', port, secure: false },
      from: 'Bureau <no-reply@bureau.co.za>',
    });
    await mailer.send(message);
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.to).toEqual(['RCPT TO:<doctor@example.co.za>']);
    expect(mail!.data).toContain(`Message-ID: <${message.id}@bureau.co.za>`);
    expect(mail!.data).toContain('multipart/alternative');
    expect(mail!.data).toContain('Dear Dr. Nkosi,');
    expect(mail!.data).toContain('<p>Dear Dr. Nkosi,</p>');
  });

  it('takes an SMTP_URL too, and reports a refusal without the address', async () => {
    refuseRecipients = true;
    const mailer = createSmtpMailer({
      smtp: { url: `smtp://127.0.0.1:${port}` },
      from: 'b@b.co.za',
    });
    const sending = mailer.send(message);
    await expect(sending).rejects.toThrow(/did not accept the message/);
    await expect(sending).rejects.not.toThrow(/doctor@example/);
  });
});
