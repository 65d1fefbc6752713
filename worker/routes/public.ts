// Public, unauthenticated calls that are not about one submission's data.
import { Hono } from 'hono';
import { config, health, schemes } from '../../schema/public-endpoints.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { reply } from '../reply.ts';
import { liveCatalogue } from '../services/catalogue/catalogue.ts';
import { schemeList } from '../services/catalogue/schemes.ts';

export function publicRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get(health.path, async (c) => {
      const schema = await deps.schemaStatus(deps.db);
      // 503 when not ok, so a monitor that reads only the status sees it (issue 37).
      return reply(
        c,
        health,
        { ok: schema.current, mail: deps.mailer ? 'configured' : 'not_configured', schema },
        schema.current ? 200 : 503,
      );
    })
    .get(config.path, (c) => {
      c.header('Cache-Control', 'public, max-age=300');
      return reply(c, config, {
        supportEmail: deps.config.supportEmail,
        bureauName: deps.config.bureauName,
        postalAddress: deps.config.postalAddress,
      });
    })
    .get(schemes.path, async (c) => {
      // Staff keep the catalogue (decision 072): it may change at any time.
      c.header('Cache-Control', 'no-cache');
      return reply(c, schemes, schemeList(await liveCatalogue(deps.db, deps.clock.now())));
    });
}
