// What the submission API tests ask of the app and check in every answer: a 201 with its body,
// a refusal with its error body, the tracking view, and the row a tracking token names.
import { eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { errorBody } from '../../schema/api-basics.ts';
import { submissions, uploadTickets } from '../../schema/db.ts';
import { type SubmitRequest, submitResponse } from '../../schema/submission-api.ts';
import { trackingResponse } from '../../schema/tracking-api.ts';
import { objectKeyFromUploadUrl } from '../services/uploads/upload-tickets.ts';
import { postSubmission } from './fixtures.ts';
import type { TestApp } from './harness.ts';

/** The body of a 201; anything else fails the test with the answer's text. */
export async function created(response: Response) {
  if (response.status !== 201) throw new Error(`${response.status}: ${await response.text()}`);
  return submitResponse.parse(await response.json());
}

/** Posts payload, expects the status and error code, and returns the error with the raw text. */
export async function refused(
  t: TestApp,
  payload: unknown,
  status: number,
  code: string,
  headers = {},
) {
  const res = await postSubmission(t, payload, headers);
  const text = await res.text();
  expect(res.status, text).toBe(status);
  const body = errorBody.parse(JSON.parse(text));
  expect(body.error.code).toBe(code);
  return { ...body.error, text };
}

/** The tracking view as the practitioner's browser gets it. */
export async function track(t: TestApp, token: string) {
  const res = await t.request(`/api/submissions/${token}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('Cache-Control')).toBe('no-store');
  return trackingResponse.parse(await res.json());
}

export async function submissionByToken(t: TestApp, token: string) {
  const [row] = await t.deps.db
    .select()
    .from(submissions)
    .where(eq(submissions.trackingToken, token));
  return row!;
}

/**
 * After a block of refused requests: the submissions are still the `before` count, and the
 * uploads of `valid` (the payload the refusals were varied from) are all unspent.
 */
export async function expectNothingWritten(t: TestApp, valid: SubmitRequest, before: number) {
  expect(await t.deps.db.$count(submissions)).toBe(before);
  const keys = valid.documents.map((d) => objectKeyFromUploadUrl(d.url)!);
  const tickets = await t.deps.db
    .select()
    .from(uploadTickets)
    .where(inArray(uploadTickets.objectKey, keys));
  expect(tickets.map((ticket) => ticket.usedAt)).toEqual([null, null, null]);
}
