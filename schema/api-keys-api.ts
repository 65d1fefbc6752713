// Keys for machines and the machine API (issue 40): what staff send to create a key, what they
// see of keys, and what the bureau's billing system reads and sends under /api/machine/v1.
// Payloads carry what billing needs and no more (POPIA): no ID numbers, documents, addresses
// or bank details.
import { z } from 'zod/mini';
import { SCHEME_STATUSES } from './enrolment.ts';
import { enrolmentReason } from './enrolment-api.ts';

/** read: applications and enrolments; enrolments:write: an enrolment's status and provider number. */
export const API_KEY_SCOPES = ['applications:read', 'enrolments:write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_SCOPE_TEXT: Record<ApiKeyScope, string> = {
  'applications:read': 'Read applications and enrolments',
  'enrolments:write': 'Set enrolment status and provider number',
};

/** POST /api/admin/api-keys. */
export const apiKeyCreate = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Name the key after the system that uses it'),
      z.maxLength(80, 'Use at most 80 characters'),
    ),
  scopes: z
    .array(z.enum(API_KEY_SCOPES))
    .check(z.minLength(1, 'Choose at least one thing the key may do')),
  /** Days until the key stops working: at most a year, so a forgotten key does not live on. */
  expiresInDays: z.coerce
    .number()
    .check(
      z.int('Use whole days'),
      z.minimum(1, 'Use at least 1 day'),
      z.maximum(365, 'Use at most 365 days'),
    ),
});
export type ApiKeyCreate = z.infer<typeof apiKeyCreate>;

export const apiKeyView = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdByEmail: z.nullable(z.string()),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.nullable(z.string()),
  lastUsedAt: z.nullable(z.string()),
});
export type ApiKeyView = z.infer<typeof apiKeyView>;

/** The answer to a creation: the key itself, this once. */
export const apiKeyCreated = z.object({ key: z.string(), apiKey: apiKeyView });
export type ApiKeyCreated = z.infer<typeof apiKeyCreated>;

export const apiKeyList = z.object({ keys: z.array(apiKeyView) });
export type ApiKeyList = z.infer<typeof apiKeyList>;

const schemeStatus = z.enum(SCHEME_STATUSES);

/** One enrolment as billing needs it. */
export const machineEnrolment = z.object({
  enrolmentId: z.string(),
  applicationId: z.string(),
  reference: z.nullable(z.string()),
  practitionerName: z.string(),
  practiceNumber: z.nullable(z.string()),
  schemeKey: z.string(),
  schemeName: z.string(),
  status: schemeStatus,
  providerNumber: z.nullable(z.string()),
  effectiveDate: z.nullable(z.string()),
  updatedAt: z.string(),
});
export type MachineEnrolment = z.infer<typeof machineEnrolment>;

export const machineApplication = z.object({
  applicationId: z.string(),
  reference: z.nullable(z.string()),
  status: z.enum(['pending', 'under_review', 'approved', 'rejected']),
  practitionerName: z.string(),
  practiceNumber: z.nullable(z.string()),
  submittedAt: z.string(),
  enrolments: z.array(machineEnrolment),
});
export type MachineApplication = z.infer<typeof machineApplication>;

/** GET /api/machine/v1/enrolments: changed since a moment, in one status, oldest change first. */
export const machineEnrolmentsQuery = z.object({
  status: z.optional(schemeStatus),
  /** ISO 8601 time: only enrolments changed after it. */
  changedSince: z.optional(z.iso.datetime({ message: 'Use an ISO 8601 time in UTC' })),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(500))),
});
export type MachineEnrolmentsQuery = z.infer<typeof machineEnrolmentsQuery>;

export const machineEnrolmentList = z.object({ enrolments: z.array(machineEnrolment) });
export type MachineEnrolmentList = z.infer<typeof machineEnrolmentList>;

/** PATCH /api/machine/v1/enrolments/:enrolmentId: the enrolment desk's rules apply. */
export const machineEnrolmentChange = z.object({
  status: schemeStatus,
  reason: z.optional(z.nullable(enrolmentReason)),
  providerNumber: z.optional(
    z.nullable(z.string().check(z.trim(), z.maxLength(40, 'Use at most 40 characters'))),
  ),
  effectiveDate: z.optional(
    z.nullable(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-12-01'))),
  ),
});
export type MachineEnrolmentChange = z.infer<typeof machineEnrolmentChange>;
