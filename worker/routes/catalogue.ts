// The scheme catalogue (docs/decisions/072-staff-managed-catalogue.md): the live list the wizard
// reads, and staff's reads and changes. Staff routes have their own guard, since this router is
// mounted before adminRoutes'.
import { Hono } from 'hono';
import { schemeCreationRequest, schemeUpdateRequest } from '../../schema/catalogue-api.ts';
import { catalogue } from '../../schema/public-endpoints.ts';
import {
  catalogueReview,
  catalogueSchemeChange,
  catalogueSchemeCreation,
  staffCatalogueRead,
} from '../../schema/staff-endpoints.ts';
import type { Deps } from '../deps.ts';
import { errorJson, validate } from '../http.ts';
import { requireStaff, type StaffEnv } from '../middleware/require-staff.ts';
import { reply } from '../reply.ts';
import { publicCatalogueView, staffCatalogueView } from '../services/catalogue/catalogue.ts';
import {
  addCatalogueScheme,
  markCatalogueReviewed,
  updateCatalogueScheme,
} from '../services/catalogue/catalogue-edits.ts';
import { publicValidityRules } from '../services/document-validity/validity-rules.ts';

export function catalogueRoutes(deps: Deps) {
  const staffOnly = requireStaff(deps);
  const staffView = () => staffCatalogueView(deps.db, deps.clock.now());
  return new Hono<StaffEnv>()
    .get(catalogue.path, async (c) => {
      // Staff may change it at any time: the browser asks again each time (the service worker
      // keeps a copy for offline use).
      c.header('Cache-Control', 'no-cache');
      const now = deps.clock.now();
      // The validity rules travel with the list (and its offline copy): the wizard's date labels.
      const [view, validityRules] = await Promise.all([
        publicCatalogueView(deps.db, now),
        publicValidityRules(deps.db, now),
      ]);
      return reply(c, catalogue, { ...view, validityRules });
    })
    .use(staffCatalogueRead.path, staffOnly)
    .use(`${staffCatalogueRead.path}/*`, staffOnly)
    .get(staffCatalogueRead.path, async (c) => reply(c, staffCatalogueRead, await staffView()))
    .post(catalogueSchemeCreation.path, validate('json', schemeCreationRequest), async (c) => {
      await addCatalogueScheme(deps, c.get('staff'), c.req.valid('json'));
      return reply(c, catalogueSchemeCreation, await staffView(), 201);
    })
    .patch(catalogueSchemeChange.path, validate('json', schemeUpdateRequest), async (c) => {
      const found = await updateCatalogueScheme(
        deps,
        c.get('staff'),
        c.req.param('key'),
        c.req.valid('json'),
      );
      if (!found) return errorJson(c, 404, 'not_found', 'There is no scheme with this key.');
      return reply(c, catalogueSchemeChange, await staffView());
    })
    .post(catalogueReview.path, async (c) => {
      await markCatalogueReviewed(deps, c.get('staff'));
      return reply(c, catalogueReview, await staffView());
    });
}
