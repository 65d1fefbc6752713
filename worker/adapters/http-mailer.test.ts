import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpMailer } from './http-mailer.ts';

// A real HTTP server on loopback stands in for the mail provider.
type Received = { headers: IncomingMessage['headers']; body: unknown };
let server: Server;
let url = '';
const received: Received[] = [];
let answer = 200;

beforeAll(async () => {
  server = createServer((req, res) => {
    let data = '';
    req.on('data', (chunk) => {
      data += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(data) });
      res.writeHead(answer, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ id: 'msg_1', echo: 'doctor@example.co.za' }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/emails`;
});

afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe('HTTP mailer', () => {
  it('posts the message as JSON with the bearer key', async () => {
    answer = 200;
    const mailer = createHttpMailer({ url, apiKey: 'key-123', from: 'Bureau <no-reply@b.co.za>' });
    await mailer.send({
      id: 'outbox-1',
      date: new Date(),
      to: 'staff@b.co.za',
      subject: 'Reset',
      text: 'Open this link',
    });
    const last = received.at(-1)!;
    expect(last.headers.authorization).toBe('Bearer key-123');
    expect(last.headers['idempotency-key']).toBe('outbox-1');
    expect(last.headers['content-type']).toBe('application/json');
    expect(last.body).toEqual({
      from: 'Bureau <no-reply@b.co.za>',
      to: ['staff@b.co.za'],
      subject: 'Reset',
      text: 'Open this link',
    });
  });

  it('sends no Authorization header without a key', async () => {
    answer = 202;
    await createHttpMailer({ url, from: 'b@b.co.za' }).send({
      id: 'outbox-2',
      date: new Date(),
      to: 'staff@b.co.za',
      subject: 'Reset',
      text: 'x',
    });
    expect(received.at(-1)!.headers.authorization).toBeUndefined();
  });

  it('sends the HTML alternative along with the text', async () => {
    answer = 200;
    await createHttpMailer({ url, from: 'b@b.co.za' }).send({
      id: 'outbox-4',
      date: new Date(),
      to: 'doctor@example.co.za',
      subject: 'Received',
      text: 'Plain',
      html: '<p>Plain</p>',
    });
    expect(received.at(-1)!.body).toMatchObject({ text: 'Plain', html: '<p>Plain</p>' });
    expect(received.at(-1)!.headers['idempotency-key']).toBe('outbox-4');
  });

  it('fails on a refusal with the status only, so the outbox tries again later', async () => {
    answer = 503;
    const sending = createHttpMailer({ url, from: 'b@b.co.za' }).send({
      id: 'outbox-3',
      date: new Date(),
      to: 'doctor@example.co.za',
      subject: 'Reset',
      text: 'x',
    });
    await expect(sending).rejects.toThrow('The mail API answered 503');
    await expect(sending).rejects.not.toThrow(/doctor@example/);
  });
});
