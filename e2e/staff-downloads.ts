// What staff download of a practitioner's document: the file as stored, found by the
// application's e-mail and tracking token, through the staff API with the shared session.
import { type APIRequestContext, expect, type PlaywrightWorkerArgs } from '@playwright/test';
import type { StaffSubmissionDetail } from '../schema/staff-review-api.ts';
import { SESSION_COOKIE, staffSession } from './staff-session.ts';

export async function staffDownload(
  playwright: PlaywrightWorkerArgs['playwright'],
  api: APIRequestContext,
  application: { email: string; token: string; fileName: string },
): Promise<{ fileSize: number; bytes: Buffer }> {
  const session = await staffSession(api);
  const staff = await playwright.request.newContext({
    baseURL: session.origin,
    extraHTTPHeaders: { Cookie: `${SESSION_COOKIE}=${session.value}` },
  });
  try {
    const list = await staff.get(
      `/api/admin/submissions?q=${encodeURIComponent(application.email)}`,
    );
    const items = (await list.json()) as { submission: { id: string; trackingToken: string } }[];
    const item = items.find((i) => i.submission.trackingToken === application.token)!;
    const detail = (await (
      await staff.get(`/api/admin/submissions/${item.submission.id}`)
    ).json()) as StaffSubmissionDetail;
    const doc = detail.documents.find((d) => d.fileName === application.fileName)!;
    const download = await staff.get(doc.downloadUrl);
    expect(download.status()).toBe(200);
    // Served with the same headers on both targets (on Workers by the Worker, from R2).
    expect(download.headers()['x-content-type-options']).toBe('nosniff');
    expect(download.headers()['content-disposition']).toContain('attachment');
    return { fileSize: doc.fileSize, bytes: await download.body() };
  } finally {
    await staff.dispose();
  }
}
