// The R2 bucket's CORS policy the portal needs, made from PUBLIC_ORIGIN in the shape of
// Cloudflare's API and `wrangler r2 bucket cors set --file` (deploy/r2-cors.json is the same
// rule in the dashboard editor's shape), and what a policy found lacks of it.
export type R2CorsRule = {
  allowed: { origins?: string[]; methods?: string[]; headers?: string[] };
  exposeHeaders?: string[];
  maxAgeSeconds?: number;
};
export type R2CorsPolicy = { rules: R2CorsRule[] };

export function bucketCorsPolicy(publicOrigin: string): R2CorsPolicy {
  return {
    rules: [
      {
        allowed: {
          origins: [new URL(publicOrigin).origin],
          methods: ['PUT', 'GET', 'HEAD'],
          headers: ['Content-Type', 'If-None-Match'],
        },
        // A part's ETag is its acknowledgement (decision 063).
        exposeHeaders: ['ETag'],
        maxAgeSeconds: 3600,
      },
    ],
  };
}

const has = (list: string[] | undefined, value: string) =>
  (list ?? []).some((item) => item === '*' || item.toLowerCase() === value.toLowerCase());

/** What `found` lacks of `wanted`'s one rule, in words ([] when it allows all of it). */
export function corsPolicyGaps(found: R2CorsPolicy, wanted: R2CorsPolicy): string[] {
  const want = wanted.rules[0]!;
  const origin = want.allowed.origins![0]!;
  const rules = found.rules.filter((rule) => has(rule.allowed.origins, origin));
  if (rules.length === 0) return [`no rule allows ${origin}`];
  const best = (missing: (rule: R2CorsRule) => string[]) =>
    rules.map(missing).sort((a, b) => a.length - b.length)[0]!;
  return best((rule) => [
    ...(want.allowed.methods ?? [])
      .filter((m) => !has(rule.allowed.methods, m))
      .map((m) => `${m} not allowed`),
    ...(want.allowed.headers ?? [])
      .filter((h) => !has(rule.allowed.headers, h))
      .map((h) => `header ${h} not allowed`),
    ...(want.exposeHeaders ?? [])
      .filter((h) => !(rule.exposeHeaders ?? []).some((e) => e.toLowerCase() === h.toLowerCase()))
      .map((h) => `${h} not exposed`),
  ]);
}
