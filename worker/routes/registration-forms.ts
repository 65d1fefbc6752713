// Registration-form PDFs practitioners can download per scheme (docs/product.md#api).
import { Hono } from 'hono';
import { registrationFormDownload, registrationForms } from '../../schema/public-endpoints.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { errorJson } from '../http.ts';
import { reply } from '../reply.ts';
import {
  FORM_NOT_FOUND_MESSAGE,
  listPublicRegistrationForms,
  registrationFormDownloadUrl,
} from '../services/scheme-forms/registration-form-downloads.ts';

export function registrationFormRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get(registrationForms.path, async (c) =>
      reply(c, registrationForms, await listPublicRegistrationForms(deps)),
    )
    .get(registrationFormDownload.path, async (c) => {
      const downloadUrl = await registrationFormDownloadUrl(deps, c.req.param('id'));
      if (!downloadUrl) return errorJson(c, 404, 'not_found', FORM_NOT_FOUND_MESSAGE);
      return reply(c, registrationFormDownload, { downloadUrl });
    });
}
