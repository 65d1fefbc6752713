// Scheme forms made fillable through the staff API, as staff make them on the mapping screen
// (form-mapping.spec.ts is that screen's own journey).
import { type APIRequestContext, expect, type PlaywrightWorkerArgs } from '@playwright/test';
import type { FieldMapping } from '../schema/form-mapping-api.ts';
import { originHeaders, registerForm } from './dashboard-fixtures.ts';
import { SESSION_COOKIE, staffSession } from './staff-session.ts';

/** An API context signed in as staff. */
export async function staffApi(
  playwright: PlaywrightWorkerArgs['playwright'],
  request: APIRequestContext,
) {
  const session = await staffSession(request);
  return playwright.request.newContext({
    baseURL: session.origin,
    extraHTTPHeaders: {
      Cookie: `${SESSION_COOKIE}=${session.value}`,
      ...originHeaders(session.origin),
    },
  });
}

/** A registration form uploaded for `schemeKey` with its mapping confirmed, as staff make one. */
export async function makeFillable(
  staff: APIRequestContext,
  schemeKey: string,
  fileName: string,
  bytes: Uint8Array,
  mappings: FieldMapping[],
) {
  const id = await registerForm(staff, { schemeKey, schemeName: schemeKey, fileName, bytes });
  const confirmed = await staff.post(`/api/admin/medical-aid-documents/${id}/mapping`, {
    data: { mappings },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return id;
}
