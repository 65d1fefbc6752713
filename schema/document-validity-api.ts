// The zod contracts of documents that expire (issue 38, decision 118): the rules staff keep per
// document section (GET /api/admin/document-validity), a change to one, the reminder settings,
// and staff's correction of the date a document carries.
import { z } from 'zod/mini';
import {
  sectionValidityRuleSchema,
  validityDateSchema,
  validityRuleSchema,
} from './document-validity.ts';

/** A section's rule without its source: what the practitioner's upload form needs. */
export const publicValidityRule = z.pick(sectionValidityRuleSchema, {
  sectionKey: true,
  rule: true,
});
export type PublicValidityRule = z.infer<typeof publicValidityRule>;

const validityRuleView = z.object({
  sectionKey: z.string(),
  /** The section's name, as the upload form shows it. */
  sectionLabel: z.string(),
  rule: validityRuleSchema,
  /** The rule in words: "Dated within 3 months". */
  description: z.string(),
  source: z.string(),
  /** The staff member who last changed it (e-mail), or null as seeded. */
  updatedBy: z.nullable(z.string()),
  updatedAt: z.string(),
});

const validityRuleChange = z.object({
  id: z.string(),
  actor: z.string(),
  action: z.string(),
  /** The section key, or `settings`. */
  entityId: z.string(),
  details: z.nullable(z.record(z.string(), z.unknown())),
  createdAt: z.string(),
});

const leadDays = z
  .array(z.number().check(z.int(), z.minimum(1), z.maximum(365)))
  .check(
    z.minLength(1, 'Give at least one reminder day.'),
    z.maxLength(5, 'Give at most five reminder days.'),
  );

export const validitySettings = z.object({
  /** Days before good-until a reminder is mailed (besides the day itself). */
  reminderLeadDays: leadDays,
});
export type ValiditySettings = z.infer<typeof validitySettings>;

/** GET /api/admin/document-validity: the rules, the settings and their latest changes. */
export const staffValidityView = z.object({
  rules: z.array(validityRuleView),
  settings: validitySettings,
  changes: z.array(validityRuleChange),
});
export type StaffValidityView = z.infer<typeof staffValidityView>;

/** PUT /api/admin/document-validity/rules/:sectionKey: the rule and where it comes from. */
export const validityRuleUpdate = z.pick(sectionValidityRuleSchema, { rule: true, source: true });
export type ValidityRuleUpdate = z.infer<typeof validityRuleUpdate>;

/** PATCH /api/admin/document-validity/settings. */
export const validitySettingsUpdate = validitySettings;

/** PATCH /api/admin/documents/:id/validity-date: staff correct the date on review. */
export const validityDateCorrection = z.object({ date: validityDateSchema });

/** GET /api/admin/document-validity/expiring: the desk's "Expiring" view (issue 38). */
export const expiringDocuments = z.object({
  today: z.string(),
  items: z.array(
    z.object({
      documentId: z.string(),
      submissionId: z.string(),
      practitionerName: z.string(),
      reference: z.nullable(z.string()),
      sectionLabel: z.string(),
      fileName: z.string(),
      validityDate: z.nullable(z.string()),
      goodUntil: z.string(),
      standing: z.enum(['overdue', 'expiring']),
      /** The section's rule in words, or null if it has none now. */
      rule: z.nullable(z.string()),
      remindersSent: z.array(z.object({ step: z.string(), sentAt: z.string() })),
    }),
  ),
});
export type ExpiringDocuments = z.infer<typeof expiringDocuments>;

/** POST /api/admin/document-validity/reminders: "remind now" for the documents chosen. */
export const remindNowRequest = z.object({
  documentIds: z
    .array(z.string().check(z.minLength(1), z.maxLength(80)))
    .check(
      z.minLength(1, 'Choose at least one document.'),
      z.maxLength(100, 'At most 100 at once.'),
    ),
});
