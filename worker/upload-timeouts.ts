// The Node server's timeouts, set so a slow upload that keeps moving is never cut while a dead
// one still is. Node's default requestTimeout (5 minutes for a whole request) fails any file
// slower than about 37 MB per Mbit/s of uplink on every retry; instead a socket is closed after
// 5 minutes without a byte (docs/product.md#limits 'Socket idle timeout 5 min'). The header
// timeout stays, so a client that never finishes its headers is still dropped.
import type { Server } from 'node:http';

export const SOCKET_IDLE_TIMEOUT_MS = 5 * 60_000;

export function keepMovingUploadsAlive(server: Server, idleMs = SOCKET_IDLE_TIMEOUT_MS): void {
  server.requestTimeout = 0;
  // With no 'timeout' listener, Node destroys a socket idle this long.
  server.setTimeout(idleMs);
}
