// The bucket's CORS policy (deploy/r2-cors.json, in the format the R2 dashboard's CORS policy
// editor takes) and how R2 applies it: a preflight is answered from the rules without a
// signature; every other answer to a matching origin carries Access-Control-Allow-Origin and
// the exposed headers, refusals (403, 412) included, so a browser's XHR sees R2's status and
// XML instead of a network error.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../testing/smoke-processes.ts';

export type CorsRule = {
  AllowedOrigins: string[];
  AllowedMethods: string[];
  AllowedHeaders?: string[];
  ExposeHeaders?: string[];
  MaxAgeSeconds?: number;
};

/** deploy/r2-cors.json, each rule's origins replaced by `origins` (the local run's pages). */
export function bucketCorsRules(origins: readonly string[]): CorsRule[] {
  const file = JSON.parse(readFileSync(join(ROOT, 'deploy/r2-cors.json'), 'utf8')) as CorsRule[];
  return file.map((rule) => ({ ...rule, AllowedOrigins: [...origins] }));
}

/** The rules as S3's CORSConfiguration XML (PutBucketCors). */
export function corsConfigurationXml(rules: readonly CorsRule[]): string {
  const tags = (tag: string, values: readonly (string | number)[] = []) =>
    values.map((value) => `<${tag}>${value}</${tag}>`).join('');
  const body = rules
    .map(
      (rule) =>
        `<CORSRule>${tags('AllowedOrigin', rule.AllowedOrigins)}${tags('AllowedMethod', rule.AllowedMethods)}${tags('AllowedHeader', rule.AllowedHeaders)}${tags('ExposeHeader', rule.ExposeHeaders)}${rule.MaxAgeSeconds === undefined ? '' : tags('MaxAgeSeconds', [rule.MaxAgeSeconds])}</CORSRule>`,
    )
    .join('');
  return `<CORSConfiguration>${body}</CORSConfiguration>`;
}

const originMatches = (rule: CorsRule, origin: string) =>
  rule.AllowedOrigins.some((allowed) => allowed === '*' || allowed === origin);

function matchingRule(rules: readonly CorsRule[], origin: string, method: string) {
  return rules.find((rule) => originMatches(rule, origin) && rule.AllowedMethods.includes(method));
}

/** The answer to a preflight: its status and headers (403 when no rule allows it). */
export function preflight(
  rules: readonly CorsRule[],
  request: { origin?: string; method?: string; headers?: string },
): { status: number; headers: Record<string, string> } {
  const wanted = (request.headers ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const rule =
    request.origin && request.method
      ? matchingRule(rules, request.origin, request.method)
      : undefined;
  const allowed = new Set((rule?.AllowedHeaders ?? []).map((name) => name.toLowerCase()));
  if (!rule || !wanted.every((name) => allowed.has(name) || allowed.has('*'))) {
    return { status: 403, headers: {} };
  }
  return {
    status: 200,
    headers: {
      'Access-Control-Allow-Origin': request.origin!,
      'Access-Control-Allow-Methods': rule.AllowedMethods.join(', '),
      ...(wanted.length ? { 'Access-Control-Allow-Headers': wanted.join(', ') } : {}),
      ...(rule.MaxAgeSeconds === undefined
        ? {}
        : { 'Access-Control-Max-Age': String(rule.MaxAgeSeconds) }),
      Vary: 'Origin',
    },
  };
}

/** The CORS headers of any other answer (errors too) to `origin`, or none. */
export function corsHeaders(
  rules: readonly CorsRule[],
  origin: string | undefined,
  method: string,
): Record<string, string> {
  const rule = origin ? matchingRule(rules, origin, method) : undefined;
  if (!rule) return {};
  return {
    'Access-Control-Allow-Origin': origin!,
    ...(rule.ExposeHeaders?.length
      ? { 'Access-Control-Expose-Headers': rule.ExposeHeaders.join(', ') }
      : {}),
    Vary: 'Origin',
  };
}
