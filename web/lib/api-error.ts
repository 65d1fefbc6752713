// A non-ok API answer. Its message is "<status>: <body text or status text>" (the product's
// error catalogue, docs/product.md#api); it also carries the parsed
// {error: {code, message, fields}} body when the server sent one.
import type { ErrorBody } from '../../schema/api-basics.ts';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: ErrorBody | null,
    /** The answer's Retry-After header, when it said how long to wait (429, 503). */
    readonly retryAfter: string | null = null,
  ) {
    super(message);
  }
  /** The human message from the server, when it sent one. */
  get serverMessage(): string | undefined {
    return this.body?.error.message;
  }
}

export async function errorFrom(response: Response): Promise<ApiError> {
  const text = await response.text();
  let parsed: ErrorBody | null = null;
  try {
    const json = JSON.parse(text) as ErrorBody;
    if (json && typeof json.error?.message === 'string') parsed = json;
  } catch {
    // Not JSON: keep the text for the message.
  }
  return new ApiError(
    `${response.status}: ${text || response.statusText}`,
    response.status,
    parsed,
    response.headers.get('Retry-After'),
  );
}
