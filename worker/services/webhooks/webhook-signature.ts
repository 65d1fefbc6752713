// Signing per Standard Webhooks (standardwebhooks.com, decision 122): the secret is `whsec_`
// and base64 of random bytes; the signature is base64 of HMAC-SHA256 over
// "<webhook-id>.<webhook-timestamp>.<body>", sent as "v1,<signature>". Web Crypto on both
// targets; the tests verify with the standardwebhooks library itself.
import { openSecret, sealSecret } from '../../crypto/sealed-secrets.ts';

const SECRET_PREFIX = 'whsec_';

/**
 * The secret as stored: sealed under the signing secret (decision 070), bound to its endpoint,
 * so a copy of the database alone cannot sign webhooks the billing system would trust.
 */
export const sealWebhookSecret = (signingKey: CryptoKey, secret: string, endpointId: string) =>
  sealSecret(signingKey, secret, `webhook-endpoint:${endpointId}`);

/** The secret, or null when it was sealed under another signing secret. */
export const openWebhookSecret = (signingKey: CryptoKey, sealed: string, endpointId: string) =>
  openSecret(signingKey, sealed, `webhook-endpoint:${endpointId}`);

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/** A new signing secret: 32 random bytes. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + base64(crypto.getRandomValues(new Uint8Array(32)));
}

/** The three headers of one attempt. */
export async function webhookHeaders(
  secret: string,
  webhookId: string,
  at: Date,
  body: string,
): Promise<Record<string, string>> {
  const timestamp = Math.floor(at.getTime() / 1000).toString();
  const keyBytes = Uint8Array.from(atob(secret.slice(SECRET_PREFIX.length)), (c) =>
    c.charCodeAt(0),
  );
  const key = await crypto.subtle.importKey(
    'raw',
    keyBytes,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const signed = new TextEncoder().encode(`${webhookId}.${timestamp}.${body}`);
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', key, signed));
  return {
    'webhook-id': webhookId,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${base64(signature)}`,
  };
}
