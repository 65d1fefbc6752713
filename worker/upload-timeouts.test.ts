import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { keepMovingUploadsAlive } from './upload-timeouts.ts';

let server: Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

/** A server that counts the bytes of a PUT; Node's whole-request timeout shortened to 600 ms. */
async function start(idleMs: number) {
  const app = new Hono().put('/upload', async (c) =>
    c.json({ size: (await c.req.arrayBuffer()).byteLength }),
  );
  server = serve({
    fetch: app.fetch,
    port: 0,
    hostname: '127.0.0.1',
    // Node checks request timeouts on this interval (30 s by default).
    serverOptions: { requestTimeout: 600, connectionsCheckingInterval: 50 },
  }) as Server;
  keepMovingUploadsAlive(server, idleMs);
  await new Promise((resolve) => server!.once('listening', resolve));
  return (server.address() as AddressInfo).port;
}

/** Sends `chunks` pieces of 1 KiB, `gapMs` apart; answers the status or the socket's error. */
function trickle(port: number, chunks: number, gapMs: number): Promise<number | string> {
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        port,
        host: '127.0.0.1',
        method: 'PUT',
        path: '/upload',
        headers: { 'Content-Length': chunks * 1024 },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', (error) => resolve((error as NodeJS.ErrnoException).code ?? 'error'));
    let sent = 0;
    const next = () => {
      if (sent === chunks) return req.end();
      sent++;
      req.write(Buffer.alloc(1024));
      setTimeout(next, gapMs);
    };
    next();
  });
}

describe('the Node server’s upload timeouts', () => {
  it('lets a slow upload that keeps moving run past the whole-request timeout', async () => {
    const port = await start(400);
    // 15 pieces 100 ms apart: 1.5 s in all, well past 600 ms, never idle for 400 ms.
    expect(await trickle(port, 15, 100)).toBe(200);
  });

  it('still closes a connection that stops moving for the idle time', async () => {
    const port = await start(300);
    expect(await trickle(port, 3, 800)).toBe('ECONNRESET');
  });
});
