// The origin the current request came to, for the Node entry (decision 093). Without
// PUBLIC_ORIGIN the embedded store signs its URLs for this origin, so a page opened at
// http://127.0.0.1:8787 uploads to 127.0.0.1 and one opened at http://localhost:8787 to
// localhost: the browser's same-origin CSP and CORS never see another host. Node-only
// (AsyncLocalStorage); the Workers target stores in R2 and never uses it.
import { AsyncLocalStorage } from 'node:async_hooks';

const origins = new AsyncLocalStorage<string>();

/** Runs handle with request's origin as the current one. */
export function withRequestOrigin<T>(request: Request, handle: () => T): T {
  return origins.run(new URL(request.url).origin, handle);
}

/** The origin of the request being handled, if any (maintenance runs outside requests). */
export function currentRequestOrigin(): string | undefined {
  return origins.getStore();
}
