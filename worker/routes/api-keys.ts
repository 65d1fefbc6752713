// Keys for machines (issue 40): staff list, create and revoke them (behind requireStaff like
// every /api/admin route), and the machine API under /api/machine/v1, which takes a bearer key
// with the route's scope and nothing else: a staff session's cookie opens none of it.
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import {
  type ApiKeyScope,
  apiKeyCreate,
  machineEnrolmentChange,
  machineEnrolmentsQuery,
} from '../../schema/api-keys-api.ts';
import {
  machineApplicationRead,
  machineEnrolmentsRead,
  machineEnrolmentUpdate,
} from '../../schema/machine-endpoints.ts';
import { apiKeyCreation, apiKeyRevocation, apiKeysRead } from '../../schema/staff-endpoints.ts';
import type { Deps } from '../deps.ts';
import { validate } from '../http.ts';
import { requireStaff, type StaffEnv } from '../middleware/require-staff.ts';
import { reply } from '../reply.ts';
import {
  type ApiKeyIdentity,
  authenticateApiKey,
  createApiKey,
  listApiKeys,
  revokeApiKey,
} from '../services/api-keys/api-keys.ts';
import {
  changeEnrolmentByKey,
  machineApplication,
  machineEnrolments,
} from '../services/api-keys/machine-api.ts';
import { noticesAfterStaffChange } from './admin.ts';

type KeyEnv = { Variables: StaffEnv['Variables'] & { apiKey: ApiKeyIdentity } };

export function apiKeyRoutes(deps: Deps) {
  const staffOnly = requireStaff(deps);
  // Before the body is read: a caller without a key learns nothing about the route.
  const keyWith = (scope: ApiKeyScope, path: string) =>
    createMiddleware<KeyEnv>(async (c, next) => {
      c.set('apiKey', await authenticateApiKey(deps, c.req.header('Authorization'), scope, path));
      await next();
    });
  return new Hono<KeyEnv>()
    .use(apiKeysRead.path, staffOnly)
    .use(apiKeyRevocation.path, staffOnly)
    .get(apiKeysRead.path, async (c) => reply(c, apiKeysRead, { keys: await listApiKeys(deps.db) }))
    .post(apiKeyCreation.path, validate('json', apiKeyCreate), async (c) =>
      reply(c, apiKeyCreation, await createApiKey(deps, c.get('staff'), c.req.valid('json')), 201),
    )
    .delete(apiKeyRevocation.path, async (c) => {
      await revokeApiKey(deps, c.get('staff'), c.req.param('keyId'));
      return reply(c, apiKeyRevocation, { success: true });
    })
    .get(
      machineApplicationRead.path,
      keyWith('applications:read', machineApplicationRead.path),
      async (c) => {
        const application = await machineApplication(deps.db, c.req.param('applicationId'));
        return reply(c, machineApplicationRead, application);
      },
    )
    .get(
      machineEnrolmentsRead.path,
      keyWith('applications:read', machineEnrolmentsRead.path),
      validate('query', machineEnrolmentsQuery),
      async (c) =>
        reply(c, machineEnrolmentsRead, {
          enrolments: await machineEnrolments(deps.db, c.req.valid('query')),
        }),
    )
    .patch(
      machineEnrolmentUpdate.path,
      keyWith('enrolments:write', machineEnrolmentUpdate.path),
      validate('json', machineEnrolmentChange),
      async (c) => {
        const changed = await changeEnrolmentByKey(
          deps,
          c.get('apiKey'),
          c.req.param('enrolmentId'),
          c.req.valid('json'),
        );
        noticesAfterStaffChange(c, deps);
        return reply(c, machineEnrolmentUpdate, changed);
      },
    );
}
