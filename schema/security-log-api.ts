// The zod contracts of the security log (worker/services/security-log/security-log.ts): what staff read page
// by page in the dashboard (GET /api/admin/security-log) and export whole
// (GET /api/admin/security-log/export). Entries hold ids, never personal data; the acting staff
// member's e-mail is looked up when read, while the account exists.
import { z } from 'zod/mini';

export const securityActorTypes = ['staff', 'cli', 'retention', 'server', 'anonymous'] as const;

export const securityLogEntry = z.object({
  id: z.string(),
  action: z.string(),
  actorType: z.enum(securityActorTypes),
  actorId: z.nullable(z.string()),
  /** The staff account's e-mail as it is now; null for other actors or a removed account. */
  actorEmail: z.nullable(z.string()),
  entityType: z.string(),
  entityId: z.string(),
  submissionId: z.nullable(z.string()),
  details: z.nullable(
    z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  ),
  createdAt: z.string(),
});
export type SecurityLogEntry = z.infer<typeof securityLogEntry>;

export const securityLogQuery = z.object({
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(200))),
  /** The id of the last entry of the previous page (entries come newest first). */
  cursor: z.optional(z.string().check(z.maxLength(100))),
  /** Only entries about this submission (kept after it is deleted). */
  submissionId: z.optional(z.string().check(z.maxLength(100))),
});

export const securityLogExportQuery = z.object({
  format: z.optional(z.enum(['csv', 'json'])),
});
