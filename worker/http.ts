// Error answers and request validation shared by every route. Errors are JSON
// {error: {code, message, fields?}} with a 4xx status; they never echo submitted values.
import { zValidator } from '@hono/zod-validator';
import type { Context, ValidationTargets } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod/mini';
import type { ErrorBody } from '../schema/api-basics.ts';

export class ApiError extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** Anything else the answer carries beside the message (schema/api-basics.ts errorBody). */
    readonly extra?: Pick<ErrorBody['error'], 'trackingToken'>,
  ) {
    super(status, { message });
  }
}

/** A 429 whose answer says when to try again (Retry-After, in seconds). */
export class RateLimitedError extends ApiError {
  constructor(
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, code, message);
  }
}

export function errorJson(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  message: string,
  fields?: Record<string, string>,
  extra?: Pick<ErrorBody['error'], 'trackingToken'>,
) {
  const body: ErrorBody = { error: { code, message, ...(fields ? { fields } : {}), ...extra } };
  return c.json(body, status);
}

type Issue = { path: PropertyKey[]; message: string };

/** The first message per field, keyed by dotted path; messages only, never the input. */
function fieldMessages(issues: readonly Issue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.') || '_';
    fields[path] ??= issue.message;
  }
  return fields;
}

/** zValidator with a sanitized 400 answer (its default body would echo the input). */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodMiniType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const fields = fieldMessages(result.error.issues);
      const first = Object.entries(fields)[0];
      const message =
        target === 'json' &&
        result.error.issues.some((i) => i.code === 'invalid_type' && i.path.length === 0)
          ? 'The request body must be a JSON object'
          : first
            ? first[0] === '_'
              ? first[1]
              : `${first[0]}: ${first[1]}`
            : 'Invalid request';
      return errorJson(c, 400, 'invalid_request', message, fields);
    }
  });
}

/** The 429 answer of the rate-limited public calls, with the Retry-After a client needs. */
export function tooManyRequests(c: Context, retryAfterSeconds: number, message: string) {
  c.header('Retry-After', String(retryAfterSeconds));
  return errorJson(c, 429, 'rate_limited', message);
}
