// Webhook endpoints kept by staff (issue 40, decision 122): created with the events chosen and
// a signing secret shown once, the secret rotated (the new one shown once), paused ones resumed,
// revoked (kept, so the delivery log keeps its meaning). Each in the security log.
import { desc, eq } from 'drizzle-orm';
import { staffUsers, webhookEndpoints } from '../../../schema/db.ts';
import type {
  WebhookEndpointCreate,
  WebhookEndpointCreated,
  WebhookEndpointView,
  WebhookEventType,
} from '../../../schema/webhooks-api.ts';
import type { Database } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http.ts';
import { securityLogInsert, staffActor } from '../security-log/security-log.ts';
import type { StaffIdentity } from '../staff-sessions/sessions.ts';
import { webhookUrlProblem } from './webhook-addresses.ts';
import { newWebhookSecret, sealWebhookSecret } from './webhook-signature.ts';

type Row = typeof webhookEndpoints.$inferSelect & { createdByEmail: string | null };

function view(row: Row): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    createdByEmail: row.createdByEmail,
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    pausedAt: row.pausedAt?.toISOString() ?? null,
    failuresInRow: row.failuresInRow,
  };
}

function selectEndpoints(db: Database) {
  return db
    .select({ endpoint: webhookEndpoints, createdByEmail: staffUsers.email })
    .from(webhookEndpoints)
    .leftJoin(staffUsers, eq(staffUsers.id, webhookEndpoints.createdBy));
}

export async function listWebhookEndpoints(db: Database): Promise<WebhookEndpointView[]> {
  const rows = await selectEndpoints(db).orderBy(desc(webhookEndpoints.createdAt));
  return rows.map((r) => view({ ...r.endpoint, createdByEmail: r.createdByEmail }));
}

async function endpointById(db: Database, id: string): Promise<Row> {
  const [found] = await selectEndpoints(db).where(eq(webhookEndpoints.id, id));
  if (!found) throw new ApiError(404, 'not_found', 'There is no webhook endpoint with this id.');
  return { ...found.endpoint, createdByEmail: found.createdByEmail };
}

/** 400 with the url field named when the address may not receive webhooks. */
export async function checkWebhookUrl(deps: Deps, url: string): Promise<void> {
  const problem = await webhookUrlProblem(deps, url);
  if (problem) throw new ApiError(400, 'validation_error', problem, { url: problem });
}

export async function createWebhookEndpoint(
  deps: Deps,
  staff: StaffIdentity,
  request: WebhookEndpointCreate,
): Promise<WebhookEndpointCreated> {
  await checkWebhookUrl(deps, request.url);
  const now = deps.clock.now();
  const secret = newWebhookSecret();
  const id = crypto.randomUUID();
  const row = {
    id,
    url: request.url,
    description: request.description,
    events: [...new Set(request.events)],
    secret: await sealWebhookSecret(deps.signingKey, secret, id),
    createdBy: staff.id,
    createdAt: now,
    revokedAt: null,
    pausedAt: null,
    failuresInRow: 0,
  };
  await deps.db.batch([
    deps.db.insert(webhookEndpoints).values(row),
    securityLogInsert(
      deps.db,
      {
        action: 'webhook_endpoint_created',
        actor: staffActor(staff),
        entityType: 'webhook_endpoint',
        entityId: row.id,
        details: { events: row.events.join(',') },
      },
      now,
    ),
  ]);
  return { secret, endpoint: view({ ...row, createdByEmail: staff.email }) };
}

type EndpointAction = 'revoked' | 'secret_rotated' | 'resumed';

/** One staff action on a current endpoint and its security-log entry, in one batch. */
async function act(
  deps: Deps,
  staff: StaffIdentity,
  id: string,
  action: EndpointAction,
  set: Partial<typeof webhookEndpoints.$inferInsert>,
): Promise<Row> {
  const row = await endpointById(deps.db, id);
  if (row.revokedAt) {
    throw new ApiError(
      409,
      'endpoint_revoked',
      'This webhook endpoint was revoked; add a new one.',
    );
  }
  const now = deps.clock.now();
  await deps.db.batch([
    deps.db.update(webhookEndpoints).set(set).where(eq(webhookEndpoints.id, id)),
    securityLogInsert(
      deps.db,
      {
        action: `webhook_endpoint_${action}`,
        actor: staffActor(staff),
        entityType: 'webhook_endpoint',
        entityId: id,
      },
      now,
    ),
  ]);
  return { ...row, ...set };
}

export async function revokeWebhookEndpoint(deps: Deps, staff: StaffIdentity, id: string) {
  await act(deps, staff, id, 'revoked', { revokedAt: deps.clock.now() });
}

/** A new secret, shown once; the old one stops signing at once. */
export async function rotateWebhookSecret(
  deps: Deps,
  staff: StaffIdentity,
  id: string,
): Promise<WebhookEndpointCreated> {
  const secret = newWebhookSecret();
  const sealed = await sealWebhookSecret(deps.signingKey, secret, id);
  const row = await act(deps, staff, id, 'secret_rotated', { secret: sealed });
  return { secret, endpoint: view(row) };
}

/** Deliveries waiting for a paused endpoint go again from the next run. */
export async function resumeWebhookEndpoint(
  deps: Deps,
  staff: StaffIdentity,
  id: string,
): Promise<WebhookEndpointView> {
  return view(await act(deps, staff, id, 'resumed', { pausedAt: null, failuresInRow: 0 }));
}
