// GET /api/openapi.json (issue 40): the API's description, generated from the zod contracts.
import { Hono } from 'hono';
import { openApi } from '../../schema/public-endpoints.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { reply } from '../reply.ts';
import { openApiDocument } from '../services/api-docs/openapi.ts';

export function apiDocsRoutes(deps: Deps) {
  // Made once: the contracts do not change while the process runs.
  let document: ReturnType<typeof openApiDocument> | undefined;
  return new Hono<AppEnv>().get(openApi.path, (c) => {
    document ??= openApiDocument(deps.config.publicOrigin);
    return reply(c, openApi, document);
  });
}
