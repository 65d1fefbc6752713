// Security headers on every API answer: JSON is never framed, embedded or loaded cross-site.
import { secureHeaders } from 'hono/secure-headers';
import type { Config } from '../config.ts';
import { STRICT_TRANSPORT_SECURITY, wantsHsts } from '../security-headers.ts';

export function apiSecurityHeaders(config: Pick<Config, 'publicOrigin'>) {
  return secureHeaders({
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    crossOriginResourcePolicy: 'same-origin',
    referrerPolicy: 'no-referrer',
    // HSTS only for an https origin (security-headers.ts says why).
    strictTransportSecurity: wantsHsts(config.publicOrigin) ? STRICT_TRANSPORT_SECURITY : false,
  });
}
