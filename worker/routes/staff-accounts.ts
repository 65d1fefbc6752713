// Staff accounts' set-up links in the dashboard (services/staff-accounts/staff-set-up-links.ts). Behind
// requireStaff like every /api/admin route.
import { Hono } from 'hono';
import { staffSetUpLinkIssue, staffSetUpList } from '../../schema/staff-endpoints.ts';
import type { Deps } from '../deps.ts';
import { requireStaff, type StaffEnv } from '../middleware/require-staff.ts';
import { reply } from '../reply.ts';
import { staffActor } from '../services/security-log/security-log.ts';
import {
  issueSetUpLink,
  staffSetUpStatuses,
} from '../services/staff-accounts/staff-set-up-links.ts';

export function staffAccountRoutes(deps: Deps) {
  return new Hono<StaffEnv>()
    .use('/api/admin/staff-accounts/*', requireStaff(deps))
    .get(staffSetUpList.path, async (c) => {
      c.header('Cache-Control', 'no-store');
      return reply(c, staffSetUpList, await staffSetUpStatuses(deps.db, deps.clock.now()));
    })
    .post(staffSetUpLinkIssue.path, async (c) => {
      const issued = await issueSetUpLink(deps, c.req.param('id'), staffActor(c.get('staff')));
      c.header('Cache-Control', 'no-store');
      return reply(c, staffSetUpLinkIssue, issued, 201);
    });
}
