// Staff-only calls (SPEC §7: /api/admin/*, /api/upload/presigned-url).
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../app.ts';

export function adminRoutes(_deps: Deps) {
  return new Hono<AppEnv>();
}
