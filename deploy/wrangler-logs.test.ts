// What the deployed Worker's logs keep (wrangler.toml [observability]): its own JSON lines, which
// name routes, and never Cloudflare's invocation logs, which record every request's URL with
// the tracking tokens and signed storage links in it. Both targets' own lines are checked for
// tokens and signatures in worker/api-parity.smoke.test.ts.
import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { expect, it } from 'vitest';

it('keeps the Worker’s own log lines and turns invocation logs off', () => {
  const config = parse(readFileSync(new URL('../wrangler.toml', import.meta.url), 'utf8')) as {
    observability?: { enabled?: boolean; logs?: { enabled?: boolean; invocation_logs?: boolean } };
  };
  expect(config.observability?.enabled).toBe(true);
  expect(config.observability?.logs).toMatchObject({ enabled: true, invocation_logs: false });
});
