// The scheme list and the schemes' registration forms, as the practitioner and staff see them.
import { z } from 'zod/mini';
import { isoDate, text } from './api-basics.ts';

// ---- Schemes and registration forms ----
const schemeListEntry = z.object({
  parentKey: z.string(),
  parentLabel: z.string(),
  administered: z.array(z.object({ key: z.string(), label: z.string() })),
});
export const schemesResponse = z.array(schemeListEntry);
export type SchemeListEntry = z.infer<typeof schemeListEntry>;

export const publicRegistrationForm = z.object({
  id: z.string(),
  schemeKey: z.string(),
  fileName: z.string(),
  description: z.nullable(z.string()),
});
export type PublicRegistrationForm = z.infer<typeof publicRegistrationForm>;

const staffRegistrationForm = z.object({
  id: z.string(),
  schemeKey: z.string(),
  schemeName: z.string(),
  fileName: z.string(),
  fileSize: z.number(),
  fileType: z.string(),
  storagePath: z.string(),
  description: z.nullable(z.string()),
  year: z.nullable(z.number()),
  createdAt: isoDate,
  /** When staff last saved how the form is filled from the profile (decision 092); null: not yet. */
  mappingConfirmedAt: z.nullable(isoDate),
});
export type StaffRegistrationForm = z.infer<typeof staffRegistrationForm>;

export const registrationFormCreationRequest = z.object({
  schemeKey: z.string().check(z.minLength(1, 'schemeKey is required'), z.maxLength(80)),
  schemeName: text(200),
  fileName: text(255),
  fileSize: z.number().check(z.int(), z.positive()),
  fileType: z.literal('application/pdf', 'Only PDF files are allowed'),
  storagePath: z.string().check(z.minLength(1), z.maxLength(300)),
  description: z.nullable(z.string().check(z.maxLength(300))),
  year: z.nullable(
    z.number().check(z.int('Year must be a whole number'), z.gte(1900), z.lte(2200)),
  ),
});

export const downloadResponse = z.object({ downloadUrl: z.string() });
