// The signing secret a backup stores must be the portal's own: it is what opens the staff MFA
// secrets sealed in the database (decision 070). On the Workers deployment the backup runs on
// another machine, given SIGNING_SECRET by hand, and Cloudflare secrets cannot be read back; a
// mistyped value would go into every snapshot unnoticed, and each restore would leave staff
// unable to sign in. So the backup first opens one sealed secret with it, and refuses if it
// cannot (review of 2026-11-28, G7).
import { createClient } from '@libsql/client';
import { isNotNull } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { staffUsers } from '../../schema/db.ts';
import { openSecret } from '../crypto/sealed-secrets.ts';
import { importSigningKey } from '../crypto/signed-urls.ts';

/**
 * Whether `signingSecret` opens a staff MFA secret sealed in the database: 'opens', 'does not
 * open', or 'nothing sealed' (no staff account has MFA yet: nothing to lose).
 */
export async function signingSecretOpensSealed(
  database: { url: string; authToken?: string },
  signingSecret: string,
): Promise<'opens' | 'does not open' | 'nothing sealed'> {
  const client = createClient({ url: database.url, authToken: database.authToken });
  try {
    const [account] = await drizzle(client)
      .select({ id: staffUsers.id, sealed: staffUsers.totpSecret })
      .from(staffUsers)
      .where(isNotNull(staffUsers.totpSecret))
      .limit(1);
    if (!account?.sealed) return 'nothing sealed';
    const opened = await openSecret(
      await importSigningKey(signingSecret),
      account.sealed,
      account.id,
    );
    return opened === null ? 'does not open' : 'opens';
  } finally {
    client.close();
  }
}
