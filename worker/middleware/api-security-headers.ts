// Security headers on every API answer: JSON is never framed, embedded or loaded cross-site.
import { secureHeaders } from 'hono/secure-headers';

export function apiSecurityHeaders() {
  return secureHeaders({
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    crossOriginResourcePolicy: 'same-origin',
    referrerPolicy: 'no-referrer',
  });
}
