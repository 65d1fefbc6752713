// Staff-only calls (SPEC §7: /api/admin/*, /api/upload/presigned-url) and the review workflow.
// Every route here sits behind requireStaff; a foreign Origin is refused in app.ts first.
import { Hono } from 'hono';
import {
  adminSubmissionsQuery,
  presignedUrlRequest,
  registrationFormCreationRequest,
  updateDocumentStatusRequest,
  updateSchemeStatusRequest,
  updateSubmissionStatusRequest,
} from '../../schema/api.ts';
import type { Deps } from '../deps.ts';
import { errorJson, validate } from '../http.ts';
import { requireStaff, type StaffEnv } from '../middleware/require-staff.ts';
import {
  dashboardStats,
  documentDownloadUrl,
  listSubmissions,
  submissionDetail,
} from '../services/dashboard.ts';
import {
  deleteRegistrationForm,
  issueRegistrationFormUpload,
  listRegistrationForms,
  registerRegistrationForm,
} from '../services/registration-forms.ts';
import {
  changeDocumentStatus,
  changeSchemeStatus,
  changeSubmissionStatus,
} from '../services/review.ts';
import { deleteSubmission } from '../services/submission-deletion.ts';

export function adminRoutes(deps: Deps) {
  const staffOnly = requireStaff(deps);
  return new Hono<StaffEnv>()
    .use('/admin/*', staffOnly)
    .use('/upload/presigned-url', staffOnly)

    .get('/admin/stats', async (c) => c.json(await dashboardStats(deps.db)))

    .get('/admin/submissions', validate('query', adminSubmissionsQuery), async (c) => {
      const page = await listSubmissions(deps.db, c.req.valid('query'));
      c.header('X-Total-Count', String(page.total));
      if (page.nextCursor) c.header('X-Next-Cursor', page.nextCursor);
      return c.json(page.items);
    })

    .get('/admin/submissions/:id', async (c) =>
      c.json(await submissionDetail(deps, c.req.param('id'))),
    )

    .patch('/admin/submissions/:id', validate('json', updateSubmissionStatusRequest), async (c) => {
      const id = c.req.param('id');
      await changeSubmissionStatus(deps, c.get('staff'), id, c.req.valid('json'));
      return c.json(await submissionDetail(deps, id));
    })

    .patch(
      '/admin/submissions/:id/schemes/:statusId',
      validate('json', updateSchemeStatusRequest),
      async (c) => {
        const id = c.req.param('id');
        await changeSchemeStatus(
          deps,
          c.get('staff'),
          id,
          c.req.param('statusId'),
          c.req.valid('json'),
        );
        return c.json(await submissionDetail(deps, id));
      },
    )

    .delete('/admin/submissions/:id', async (c) => {
      if (!(await deleteSubmission(deps, c.get('staff'), c.req.param('id')))) {
        return errorJson(c, 404, 'not_found', 'There is no submission with this id.');
      }
      return c.json({ success: true as const });
    })

    .patch('/admin/documents/:id', validate('json', updateDocumentStatusRequest), async (c) => {
      const submissionId = await changeDocumentStatus(
        deps,
        c.get('staff'),
        c.req.param('id'),
        c.req.valid('json'),
      );
      return c.json(await submissionDetail(deps, submissionId));
    })

    .get('/admin/documents/:id/download', async (c) => {
      const downloadUrl = await documentDownloadUrl(deps, c.req.param('id'));
      if (!downloadUrl) return errorJson(c, 404, 'not_found', 'There is no document with this id.');
      return c.json({ downloadUrl });
    })

    .get('/admin/medical-aid-documents', async (c) => c.json(await listRegistrationForms(deps.db)))

    .post(
      '/admin/medical-aid-documents',
      validate('json', registrationFormCreationRequest),
      async (c) =>
        c.json(await registerRegistrationForm(deps, c.get('staff'), c.req.valid('json')), 201),
    )

    .delete('/admin/medical-aid-documents/:id', async (c) => {
      if (!(await deleteRegistrationForm(deps, c.get('staff'), c.req.param('id')))) {
        return errorJson(c, 404, 'not_found', 'There is no registration form with this id.');
      }
      return c.json({ success: true as const });
    })

    .post('/upload/presigned-url', async (c) => {
      // Answered by hand so the message is exactly the one the dashboard shows (SPEC §5).
      const parsed = presignedUrlRequest.safeParse(await c.req.json().catch(() => null));
      if (!parsed.success) {
        return errorJson(c, 400, 'invalid_file_type', 'Only PDF files are allowed', {
          fileType: 'Only PDF files are allowed',
        });
      }
      return c.json(await issueRegistrationFormUpload(deps, c.get('staff')));
    });
}
