// Work that goes on after the answer (sending mail): Workers end an isolate's work with the
// response unless it is handed to waitUntil; Node simply lets the promise run on.
import type { Context } from 'hono';

export function keepRunning(c: Context, work: Promise<unknown>): void {
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // Node has no execution context; the promise runs on by itself.
  }
}
