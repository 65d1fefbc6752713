// Staff-only calls (docs/product.md#api: /api/admin/*, /api/upload/presigned-url) and the review
// workflow.
// Every route sits behind requireStaff; middleware/same-origin.ts refuses a foreign Origin first.
import { type Context, Hono } from 'hono';
import { formMappingRequest } from '../../schema/form-mapping-api.ts';
import { registrationFormCreationRequest } from '../../schema/registration-form-api.ts';
import {
  documentDownload,
  documentReview,
  practitionerDataExport,
  registrationFormCreation,
  registrationFormDeletion,
  registrationFormFile,
  registrationFormMappingConfirm,
  registrationFormMappingRead,
  registrationFormUpload,
  schemeStatusChange,
  staffRegistrationForms,
  stats,
  submissionDeletion,
  submissionDetail,
  submissionList,
  submissionStatusChange,
} from '../../schema/staff-endpoints.ts';
import {
  adminSubmissionsQuery,
  updateDocumentStatusRequest,
  updateSchemeStatusRequest,
  updateSubmissionStatusRequest,
} from '../../schema/staff-review-api.ts';
import { presignedUrlRequest } from '../../schema/upload-api.ts';
import type { Deps } from '../deps.ts';
import { errorJson, validate } from '../http.ts';
import { keepRunning } from '../keep-running.ts';
import { requireStaff, type StaffEnv } from '../middleware/require-staff.ts';
import { reply } from '../reply.ts';
import { dispatchNoticesAfterDelay } from '../services/notices/practitioner-notices.ts';
import { exportPractitioner } from '../services/popia/practitioner-export.ts';
import {
  dashboardStats,
  listSubmissions,
  staffSubmissionDetail,
} from '../services/review/dashboard.ts';
import { documentDownloadUrl } from '../services/review/document-downloads.ts';
import {
  changeDocumentStatus,
  changeSchemeStatus,
  changeSubmissionStatus,
} from '../services/review/review.ts';
import {
  confirmRegistrationFormMapping,
  registrationFormMapping,
  registrationFormPdf,
} from '../services/scheme-forms/registration-form-mappings.ts';
import {
  deleteRegistrationForm,
  issueRegistrationFormUpload,
  listRegistrationForms,
  registerRegistrationForm,
} from '../services/scheme-forms/registration-forms.ts';
import { deleteSubmission } from '../services/submissions/submission-deletion.ts';

/**
 * A staff change's notices leave once their combining window has passed: a Node process waits
 * it out after the answer; on Workers the minute cron sends them (waitUntil would be cut off
 * 30 s after the answer, long before the window ends).
 */
export function noticesAfterStaffChange(c: Context, deps: Deps) {
  if (!deps.noticesBySchedule) keepRunning(c, dispatchNoticesAfterDelay(deps));
}

export function adminRoutes(deps: Deps) {
  const staffOnly = requireStaff(deps);
  return new Hono<StaffEnv>()
    .use('/api/admin/*', staffOnly)
    .use(registrationFormUpload.path, staffOnly)

    .get(stats.path, async (c) => reply(c, stats, await dashboardStats(deps.db)))

    .get(practitionerDataExport.path, async (c) => {
      const data = await exportPractitioner(deps, c.get('staff'), c.req.param('id'));
      if (!data) return errorJson(c, 404, 'not_found', 'There is no such practitioner.');
      // Offered as a file: saved, not shown in a tab.
      c.header(
        'Content-Disposition',
        `attachment; filename="practitioner-${c.req.param('id')}.json"`,
      );
      return reply(c, practitionerDataExport, data);
    })

    .get(submissionList.path, validate('query', adminSubmissionsQuery), async (c) => {
      const page = await listSubmissions(deps.db, c.req.valid('query'));
      c.header('X-Total-Count', String(page.total));
      if (page.nextCursor) c.header('X-Next-Cursor', page.nextCursor);
      return reply(c, submissionList, page.items);
    })

    .get(submissionDetail.path, async (c) =>
      reply(
        c,
        submissionDetail,
        await staffSubmissionDetail(deps, c.get('staff'), c.req.param('id')),
      ),
    )

    .patch(
      submissionStatusChange.path,
      validate('json', updateSubmissionStatusRequest),
      async (c) => {
        const id = c.req.param('id');
        await changeSubmissionStatus(deps, c.get('staff'), id, c.req.valid('json'));
        noticesAfterStaffChange(c, deps);
        return reply(
          c,
          submissionStatusChange,
          await staffSubmissionDetail(deps, c.get('staff'), id),
        );
      },
    )

    .patch(schemeStatusChange.path, validate('json', updateSchemeStatusRequest), async (c) => {
      const id = c.req.param('id');
      await changeSchemeStatus(
        deps,
        c.get('staff'),
        id,
        c.req.param('statusId'),
        c.req.valid('json'),
      );
      noticesAfterStaffChange(c, deps);
      return reply(c, schemeStatusChange, await staffSubmissionDetail(deps, c.get('staff'), id));
    })

    .delete(submissionDeletion.path, async (c) => {
      if (!(await deleteSubmission(deps, c.get('staff'), c.req.param('id')))) {
        return errorJson(c, 404, 'not_found', 'There is no submission with this id.');
      }
      return reply(c, submissionDeletion, { success: true });
    })

    .patch(documentReview.path, validate('json', updateDocumentStatusRequest), async (c) => {
      const submissionId = await changeDocumentStatus(
        deps,
        c.get('staff'),
        c.req.param('id'),
        c.req.valid('json'),
      );
      noticesAfterStaffChange(c, deps);
      return reply(
        c,
        documentReview,
        await staffSubmissionDetail(deps, c.get('staff'), submissionId),
      );
    })

    .get(documentDownload.path, async (c) => {
      const downloadUrl = await documentDownloadUrl(deps, c.get('staff'), c.req.param('id'));
      if (!downloadUrl) return errorJson(c, 404, 'not_found', 'There is no document with this id.');
      return reply(c, documentDownload, { downloadUrl });
    })

    .get(staffRegistrationForms.path, async (c) =>
      reply(c, staffRegistrationForms, await listRegistrationForms(deps.db)),
    )

    .post(
      registrationFormCreation.path,
      validate('json', registrationFormCreationRequest),
      async (c) =>
        reply(
          c,
          registrationFormCreation,
          await registerRegistrationForm(deps, c.get('staff'), c.req.valid('json')),
          201,
        ),
    )

    .get(registrationFormMappingRead.path, async (c) =>
      reply(c, registrationFormMappingRead, await registrationFormMapping(deps, c.req.param('id'))),
    )

    .post(registrationFormMappingConfirm.path, validate('json', formMappingRequest), async (c) =>
      reply(
        c,
        registrationFormMappingConfirm,
        await confirmRegistrationFormMapping(
          deps,
          c.get('staff'),
          c.req.param('id'),
          c.req.valid('json').mappings,
        ),
      ),
    )

    .get(registrationFormFile.path, async (c) => {
      const form = await registrationFormPdf(deps, c.req.param('id'));
      return c.body(form.bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Cache-Control': 'private, no-store',
      });
    })

    .delete(registrationFormDeletion.path, async (c) => {
      if (!(await deleteRegistrationForm(deps, c.get('staff'), c.req.param('id')))) {
        return errorJson(c, 404, 'not_found', 'There is no registration form with this id.');
      }
      return reply(c, registrationFormDeletion, { success: true });
    })

    .post(registrationFormUpload.path, async (c) => {
      // Answered by hand so the message is exactly the one the dashboard shows
      // (docs/product.md#validation).
      const parsed = presignedUrlRequest.safeParse(await c.req.json().catch(() => null));
      if (!parsed.success) {
        return errorJson(c, 400, 'invalid_file_type', 'Only PDF files are allowed', {
          fileType: 'Only PDF files are allowed',
        });
      }
      return reply(
        c,
        registrationFormUpload,
        await issueRegistrationFormUpload(deps, c.get('staff'), parsed.data.fileSize),
      );
    });
}
