// The staff accounts' two-step sign-in set-up as the dashboard shows it (issue 25): who has set
// it up, who has a set-up link still waiting, and the link an administrator issues (shown once).
import { z } from 'zod/mini';

export const staffSetUpStatus = z.object({
  id: z.string(),
  email: z.string(),
  disabled: z.boolean(),
  /** Two-step sign-in is set up. */
  enrolled: z.boolean(),
  /** When the account's unused set-up link stops working; null when none is waiting. */
  setUpLinkExpiresAt: z.nullable(z.string()),
  lastLoginAt: z.nullable(z.string()),
});
export type StaffSetUpStatus = z.infer<typeof staffSetUpStatus>;

export const issuedSetUpLink = z.object({ link: z.string(), expiresAt: z.string() });
export type IssuedSetUpLink = z.infer<typeof issuedSetUpLink>;
