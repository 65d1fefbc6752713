// Guards every staff-only route: without a valid session the answer is 401, whatever the path.
import { createMiddleware } from 'hono/factory';
import type { AppEnv, Deps } from '../deps.ts';
import { errorJson } from '../http.ts';
import { currentSession, type StaffIdentity } from '../services/staff-sessions/sessions.ts';

export type StaffEnv = { Variables: AppEnv['Variables'] & { staff: StaffIdentity } };

export function requireStaff(deps: Deps) {
  return createMiddleware<StaffEnv>(async (c, next) => {
    const session = await currentSession(deps, c);
    if (!session) return errorJson(c, 401, 'unauthorized', 'Please log in to continue.');
    c.set('staff', session.staff);
    await next();
  });
}
