// The e-mail provider behind MAIL_API_URL, stood in for by a loopback HTTP server that writes
// each message as an .eml file under DATA_DIR/mail with the embedded server's file transport,
// so the Workers target's mail reads exactly like `npm start`'s. Same request shape as
// adapters/http-mailer.ts (POST JSON {from, to, subject, text, html?}, Idempotency-Key).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFileMailer } from '../adapters/file-mailer.ts';

type MailRequest = { from: string; to: string[]; subject: string; text: string; html?: string };

export async function startMailApi(options: {
  dir: string;
  apiKey: string;
}): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      data += chunk;
    });
    req.on('end', async () => {
      if (req.method !== 'POST' || req.headers.authorization !== `Bearer ${options.apiKey}`) {
        res.writeHead(401).end();
        return;
      }
      try {
        const body = JSON.parse(data) as MailRequest;
        const id = String(req.headers['idempotency-key'] ?? crypto.randomUUID());
        const mailer = createFileMailer({ dir: options.dir, from: body.from });
        for (const to of body.to) {
          await mailer.send({
            id,
            date: new Date(),
            to,
            subject: body.subject,
            text: body.text,
            html: body.html,
          });
        }
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ id }));
      } catch (error) {
        res.writeHead(400).end(error instanceof Error ? error.message : 'bad request');
      }
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/emails`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
