// The zod contracts of the scheme catalogue (docs/decisions/072-staff-managed-catalogue.md): what
// the wizard reads (GET /api/catalogue) and what staff read and change (/api/admin/catalogue).
import { z } from 'zod/mini';
import { PARTIAL_DATE } from './catalogue.ts';
import { publicValidityRule } from './document-validity-api.ts';
import { postingChecklist } from './posting-checklist.ts';

const catalogueScheme = z.object({
  key: z.string(),
  label: z.string(),
  requiresHardCopy: z.boolean(),
});

/** GET /api/catalogue: active schemes only, in catalogue order, and when it was last reviewed. */
export const publicCatalogue = z.object({
  reviewedOn: z.string(),
  administrators: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      requiresHardCopy: z.boolean(),
      administered: z.array(catalogueScheme),
    }),
  ),
  /** Each document section's validity rule as staff keep it (issue 38): the upload's date label. */
  validityRules: z.optional(z.array(publicValidityRule)),
});
export type PublicCatalogue = z.infer<typeof publicCatalogue>;

const staffCatalogueScheme = z.object({
  key: z.string(),
  label: z.string(),
  administratorKey: z.string(),
  selfAdministered: z.boolean(),
  notes: z.nullable(z.string()),
  sources: z.array(z.string()),
  requiresHardCopy: z.boolean(),
  hardCopyNote: z.string(),
  administratorSince: z.nullable(z.string()),
  administratorUnconfirmed: z.boolean(),
  active: z.boolean(),
  inactiveSince: z.nullable(z.string()),
  inactiveNote: z.nullable(z.string()),
  successor: z.nullable(z.string()),
  postingChecklist: z.nullable(postingChecklist),
  updatedAt: z.string(),
});
export type StaffCatalogueScheme = z.infer<typeof staffCatalogueScheme>;

const catalogueChange = z.object({
  id: z.string(),
  actor: z.string(),
  action: z.string(),
  entityId: z.string(),
  details: z.nullable(z.record(z.string(), z.unknown())),
  createdAt: z.string(),
});
export type CatalogueChange = z.infer<typeof catalogueChange>;

/** GET /api/admin/catalogue: everything, inactive schemes too, with the latest changes. */
export const staffCatalogue = z.object({
  reviewedOn: z.string(),
  reviewedBy: z.nullable(z.string()),
  administrators: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      selfAdministered: z.boolean(),
      sources: z.array(z.string()),
    }),
  ),
  schemes: z.array(staffCatalogueScheme),
  changes: z.array(catalogueChange),
});
export type StaffCatalogue = z.infer<typeof staffCatalogue>;

const label = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Give the scheme a name'),
    z.maxLength(200, 'Use at most 200 characters'),
  );
const note = (required: string) =>
  z
    .string()
    .check(z.trim(), z.minLength(1, required), z.maxLength(1000, 'Use at most 1000 characters'));
const catalogueDate = z
  .string()
  .check(z.trim(), z.regex(PARTIAL_DATE, 'Use a date like 2026-06-01, 2022-01 or 2021'));
const sources = z
  .array(
    z.string().check(
      z.trim(),
      z.maxLength(500, 'A link can be at most 500 characters'),
      z.refine(
        (v) => /^https:\/\/[^\s/]+\.[^\s]+$/.test(v),
        'Each source must be an https:// link',
      ),
    ),
  )
  .check(z.maxLength(20, 'At most 20 sources'));
const optionalText = (max: number) =>
  z.optional(
    z.nullable(z.string().check(z.trim(), z.maxLength(max, `Use at most ${max} characters`))),
  );
const key = z.string().check(z.minLength(1), z.maxLength(80));

/** PATCH /api/admin/catalogue/schemes/:key: only the fields given change. */
export const schemeUpdateRequest = z
  .object({
    label: z.optional(label),
    notes: optionalText(1000),
    sources: z.optional(sources),
    administratorKey: z.optional(key),
    administratorSince: z.optional(catalogueDate),
    administratorUnconfirmed: z.optional(z.boolean()),
    requiresHardCopy: z.optional(z.boolean()),
    hardCopyNote: z.optional(
      note('Say where the hard-copy rule comes from, or that it is unverified'),
    ),
    active: z.optional(z.boolean()),
    inactiveSince: z.optional(catalogueDate),
    inactiveNote: z.optional(note('Say why the scheme is inactive (merged or closed)')),
    successor: optionalText(200),
    postingChecklist: z.optional(z.nullable(postingChecklist)),
  })
  .check(
    z.refine((v) => v.administratorKey === undefined || v.administratorSince !== undefined, {
      message: 'Give the date the new administrator took over',
      path: ['administratorSince'],
    }),
    z.refine((v) => v.active !== false || v.inactiveSince !== undefined, {
      message: 'Give the date the scheme merged or closed',
      path: ['inactiveSince'],
    }),
    z.refine((v) => v.active !== false || v.inactiveNote !== undefined, {
      message: 'Say why the scheme is inactive (merged or closed)',
      path: ['inactiveNote'],
    }),
    z.refine((v) => v.requiresHardCopy === undefined || v.hardCopyNote !== undefined, {
      message: 'Say where the hard-copy rule comes from, or that it is unverified',
      path: ['hardCopyNote'],
    }),
  );
export type SchemeUpdateRequest = z.infer<typeof schemeUpdateRequest>;

/** POST /api/admin/catalogue/schemes: a new scheme under an administrator of other schemes. */
export const schemeCreationRequest = z.object({
  label,
  administratorKey: key,
  administratorSince: z.optional(catalogueDate),
  notes: optionalText(1000),
  sources: z.optional(sources),
  requiresHardCopy: z.boolean(),
  hardCopyNote: note('Say where the hard-copy rule comes from, or that it is unverified'),
});
export type SchemeCreationRequest = z.infer<typeof schemeCreationRequest>;
