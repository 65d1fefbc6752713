// Caps a JSON request body before it is read, with the API's JSON error instead of plain text.
import { bodyLimit } from 'hono/body-limit';
import { errorJson } from '../http.ts';

export function maxBodySize(maxSize: number) {
  return bodyLimit({
    maxSize,
    onError: (c) => errorJson(c, 413, 'request_too_large', 'The request is too large.'),
  });
}
