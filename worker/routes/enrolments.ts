// The enrolment desk's calls (decision 088): the work queue and one change for many enrolments.
// Behind requireStaff like every /api/admin route.
import { Hono } from 'hono';
import { bulkEnrolmentChangeRequest, workQueueQuery } from '../../schema/enrolment-api.ts';
import {
  bulkEnrolmentChange,
  enrolmentTimesRead,
  workQueueRead,
} from '../../schema/staff-endpoints.ts';
import type { Deps } from '../deps.ts';
import { validate } from '../http.ts';
import { requireStaff, type StaffEnv } from '../middleware/require-staff.ts';
import { reply } from '../reply.ts';
import { changeEnrolmentsInBulk } from '../services/enrolment-bulk.ts';
import { enrolmentTimes } from '../services/enrolment-times.ts';
import { workQueue } from '../services/work-queue.ts';
import { noticesAfterStaffChange } from './admin.ts';

export function enrolmentRoutes(deps: Deps) {
  const staffOnly = requireStaff(deps);
  return new Hono<StaffEnv>()
    .use(workQueueRead.path, staffOnly)
    .use(bulkEnrolmentChange.path, staffOnly)
    .use(enrolmentTimesRead.path, staffOnly)
    .get(enrolmentTimesRead.path, async (c) =>
      reply(c, enrolmentTimesRead, await enrolmentTimes(deps)),
    )
    .get(workQueueRead.path, validate('query', workQueueQuery), async (c) =>
      reply(c, workQueueRead, await workQueue(deps, c.get('staff'), c.req.valid('query'))),
    )
    .post(bulkEnrolmentChange.path, validate('json', bulkEnrolmentChangeRequest), async (c) => {
      const changed = await changeEnrolmentsInBulk(deps, c.get('staff'), c.req.valid('json'));
      noticesAfterStaffChange(c, deps);
      return reply(c, bulkEnrolmentChange, { changed });
    });
}
