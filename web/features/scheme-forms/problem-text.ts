// What to tell the practitioner when a call of the scheme-forms page fails: the server's own
// message (it says what to do), or the connection.
import { ApiError } from '../../lib/api-error.ts';

export function problemText(error: unknown, what: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return `${what} Check your connection and try again.`;
}
