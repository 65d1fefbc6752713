// The field messages of a refused catalogue change, and the one message to show above the form.
import { ApiError } from '../../lib/api-error.ts';

export type FormErrors = { message: string | null; fields: Record<string, string> };

export const NO_ERRORS: FormErrors = { message: null, fields: {} };

export function formErrorsOf(error: unknown): FormErrors {
  if (error instanceof ApiError && error.body) {
    const fields = error.body.error.fields ?? {};
    // Messages with a field show next to it; the summary would only repeat them.
    const message = Object.keys(fields).length > 0 ? null : error.body.error.message;
    return { message, fields };
  }
  return { message: 'The change could not be saved. Please try again.', fields: {} };
}
