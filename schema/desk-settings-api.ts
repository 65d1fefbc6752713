// Settings the bureau's staff keep for the enrolment desk (GET/PUT /api/admin/desk-settings).
import { z } from 'zod/mini';

/** How often a practitioner is asked to confirm their profile is still true (issue 38). */
export const ATTESTATION_DAYS_DEFAULT = 120;

export const deskSettingsRequest = z.object({
  attestationDays: z
    .number()
    .check(
      z.int('Enter a whole number of days'),
      z.minimum(30, 'Ask at most once a month: 30 days or more'),
      z.maximum(730, 'Ask at least every two years: 730 days or fewer'),
    ),
});
export type DeskSettingsRequest = z.infer<typeof deskSettingsRequest>;

export type DeskSettings = DeskSettingsRequest & {
  /** When and by whom the setting was last changed; null while it is the default. */
  updatedAt: string | null;
  updatedBy: string | null;
};
