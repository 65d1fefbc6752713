// The 429 answer shared by the rate-limited public calls, with the Retry-After a client needs.
import type { Context } from 'hono';
import { errorJson } from '../http.ts';

export function tooManyRequests(c: Context, retryAfterSeconds: number, message: string) {
  c.header('Retry-After', String(retryAfterSeconds));
  return errorJson(c, 429, 'rate_limited', message);
}
