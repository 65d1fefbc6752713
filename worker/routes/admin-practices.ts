// The staff's side of practices that onboarded together (decision 127): the list, one
// practice, a signed link to one of its shared documents, the practice a submission came
// through, and deleting a practice. Behind requireStaff like every /api/admin route;
// middleware/same-origin.ts refuses a foreign Origin.
import { Hono } from 'hono';
import { practiceDeletionRequest } from '../../schema/practice-admin-api.ts';
import {
  practiceDeletion,
  practiceDocumentDownload,
  staffPractice,
  staffPractices,
  submissionPractice,
} from '../../schema/staff-endpoints.ts';
import type { Deps } from '../deps.ts';
import { errorJson, validate } from '../http.ts';
import { requireStaff, type StaffEnv } from '../middleware/require-staff.ts';
import { reply } from '../reply.ts';
import { deletePractice } from '../services/practices/admin-practice-deletion.ts';
import { practiceDocumentDownloadUrl } from '../services/practices/admin-practice-documents.ts';
import {
  listPractices,
  practiceDetail,
  practiceOfSubmission,
} from '../services/practices/admin-practices.ts';

export function adminPracticeRoutes(deps: Deps) {
  const staffOnly = requireStaff(deps);
  return new Hono<StaffEnv>()
    .use(staffPractices.path, staffOnly)
    .use(staffPractice.path, staffOnly)
    .use(practiceDeletion.path, staffOnly)
    .use(submissionPractice.path, staffOnly)
    .use(practiceDocumentDownload.path, staffOnly)
    .get(staffPractices.path, async (c) => reply(c, staffPractices, await listPractices(deps)))
    .get(staffPractice.path, async (c) =>
      reply(c, staffPractice, await practiceDetail(deps, c.req.param('id'))),
    )
    .get(submissionPractice.path, async (c) => {
      const found = await practiceOfSubmission(deps, c.req.param('id'));
      if (found === undefined) {
        return errorJson(c, 404, 'not_found', 'There is no submission with this id.');
      }
      return reply(c, submissionPractice, { practice: found });
    })
    .get(practiceDocumentDownload.path, async (c) => {
      const downloadUrl = await practiceDocumentDownloadUrl(
        deps,
        c.get('staff'),
        c.req.param('id'),
      );
      if (!downloadUrl) {
        return errorJson(c, 404, 'not_found', 'There is no practice document with this id.');
      }
      return reply(c, practiceDocumentDownload, { downloadUrl });
    })
    .post(practiceDeletion.path, validate('json', practiceDeletionRequest), async (c) =>
      reply(
        c,
        practiceDeletion,
        await deletePractice(deps, c.get('staff'), c.req.param('id'), c.req.valid('json')),
      ),
    );
}
