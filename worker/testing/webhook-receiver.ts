// A real webhook receiver for tests (decision 122): an HTTP server on 127.0.0.1 that verifies
// each request with the standardwebhooks library, as the bureau's billing system would, and
// answers with the statuses the test queues (2xx when none is queued).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export type ReceivedWebhook = {
  webhookId: string;
  /** The payload when the signature verified with the current secret; null when it did not. */
  verified: { type: string; timestamp: string; data: Record<string, unknown> } | null;
  status: number;
};

export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const answers: number[] = [];
  let secret = '';
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified: ReceivedWebhook['verified'] = null;
      try {
        verified = new Webhook(secret).verify(body, {
          'webhook-id': String(req.headers['webhook-id']),
          'webhook-timestamp': String(req.headers['webhook-timestamp']),
          'webhook-signature': String(req.headers['webhook-signature']),
        }) as ReceivedWebhook['verified'];
      } catch {
        verified = null;
      }
      const status = answers.shift() ?? (verified ? 204 : 401);
      received.push({ webhookId: String(req.headers['webhook-id']), verified, status });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** The secret the receiver verifies with (the one staff were shown). */
    verifyWith(value: string) {
      secret = value;
    },
    /** The next answers, in order. */
    answerWith(...statuses: number[]) {
      answers.push(...statuses);
    },
    /** Forgets the answers still queued. */
    clearAnswers() {
      answers.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
