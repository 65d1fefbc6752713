// Public, unauthenticated calls that are not about one submission's data.
import { Hono } from 'hono';
import type { PublicConfig } from '../../schema/api.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { schemeList } from '../services/schemes.ts';

export function publicRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get('/health', (c) => c.json({ ok: true }))
    .get('/config', (c) => {
      const body: PublicConfig = {
        supportEmail: deps.config.supportEmail,
        bureauName: deps.config.bureauName,
        postalAddress: deps.config.postalAddress,
      };
      c.header('Cache-Control', 'public, max-age=300');
      return c.json(body);
    })
    .get('/schemes', (c) => {
      // The catalogue is built into this release, so it only changes with a deploy.
      c.header('Cache-Control', 'public, max-age=300');
      return c.json(schemeList());
    });
}
