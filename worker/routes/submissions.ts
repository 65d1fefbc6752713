// Submissions, tracking and the status lookup (SPEC §7).
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../app.ts';

export function submissionRoutes(_deps: Deps) {
  return new Hono<AppEnv>();
}
