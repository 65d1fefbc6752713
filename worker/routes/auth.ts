// Staff sign-in, sign-out and session (SPEC §7: /api/auth/*).
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../app.ts';

export function authRoutes(_deps: Deps) {
  return new Hono<AppEnv>();
}
