// The status lookup as the public page sends it, from a client address of the test's choosing.
import type { TestApp } from './harness.ts';

export function lookup(app: TestApp, body: unknown, client = 'lookup-client') {
  return app.request('/api/lookup', {
    method: 'POST',
    json: body,
    client,
  });
}
