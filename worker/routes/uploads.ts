// Upload tickets for practitioners' documents (SPEC §7: POST /api/objects/upload).
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../app.ts';

export function uploadRoutes(_deps: Deps) {
  return new Hono<AppEnv>();
}
