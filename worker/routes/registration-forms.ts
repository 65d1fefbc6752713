// Registration-form PDFs practitioners can download per scheme (SPEC §7).
import { Hono } from 'hono';
import type { z } from 'zod/mini';
import type { downloadResponse } from '../../schema/api.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { errorJson } from '../http.ts';
import {
  FORM_NOT_FOUND_MESSAGE,
  listPublicRegistrationForms,
  registrationFormDownloadUrl,
} from '../services/registration-form-downloads.ts';

export function registrationFormRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get('/medical-aid-documents', async (c) => c.json(await listPublicRegistrationForms(deps)))
    .get('/medical-aid-documents/:id/download', async (c) => {
      const downloadUrl = await registrationFormDownloadUrl(deps, c.req.param('id'));
      if (!downloadUrl) return errorJson(c, 404, 'not_found', FORM_NOT_FOUND_MESSAGE);
      const body: z.infer<typeof downloadResponse> = { downloadUrl };
      return c.json(body);
    });
}
