// docs/product.md#errors: what a failed lookup says, by the status code at the start of the error
// message.
import { ApiError } from '../../lib/api-error.ts';

export const LOOKUP_RATE_LIMITED = 'Too many lookup attempts. Please try again in 15 minutes.';
export const LOOKUP_NOT_FOUND =
  'No submission found for this identifier. Please check your details.';
export const LOOKUP_FAILED = 'Unable to find your application. Please verify your details.';
export const EMPTY_IDENTIFIER_MESSAGE = 'Please enter your identifier';

export function lookupErrorMessage(error: unknown): string {
  const status =
    error instanceof ApiError
      ? error.status
      : Number(/^(\d{3}):/.exec(error instanceof Error ? error.message : '')?.[1]);
  if (status === 429) return LOOKUP_RATE_LIMITED;
  if (status === 404) return LOOKUP_NOT_FOUND;
  return LOOKUP_FAILED;
}
