// The enrolment desk's calls (decision 088): the work queue, one change for many enrolments,
// where time goes, and a request to the practitioner (issue 27).
// Behind requireStaff like every /api/admin route.
import { Hono } from 'hono';
import {
  bulkEnrolmentChangeRequest,
  practitionerRequestCreate,
  workQueueQuery,
} from '../../schema/enrolment-api.ts';
import {
  bulkEnrolmentChange,
  enrolmentTimesRead,
  practitionerRequestSend,
  workQueueRead,
} from '../../schema/staff-endpoints.ts';
import type { Deps } from '../deps.ts';
import { validate } from '../http.ts';
import { requireStaff, type StaffEnv } from '../middleware/require-staff.ts';
import { reply } from '../reply.ts';
import { askPractitioner } from '../services/practitioner-requests/practitioner-requests.ts';
import { changeEnrolmentsInBulk } from '../services/review/enrolment-bulk.ts';
import { enrolmentTimes } from '../services/review/enrolment-times.ts';
import { workQueue } from '../services/review/work-queue.ts';
import { noticesAfterStaffChange } from './admin.ts';

export function enrolmentRoutes(deps: Deps) {
  const staffOnly = requireStaff(deps);
  return new Hono<StaffEnv>()
    .use(workQueueRead.path, staffOnly)
    .use(bulkEnrolmentChange.path, staffOnly)
    .use(enrolmentTimesRead.path, staffOnly)
    .use(practitionerRequestSend.path, staffOnly)
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
    })
    .post(practitionerRequestSend.path, validate('json', practitionerRequestCreate), async (c) => {
      const requestId = await askPractitioner(
        deps,
        c.get('staff'),
        c.req.param('statusId'),
        c.req.valid('json'),
      );
      noticesAfterStaffChange(c, deps);
      return reply(c, practitionerRequestSend, { requestId }, 201);
    });
}
