// Known-device tokens (decision 069): a browser that has signed in to an account holds a
// signed token naming that account (by the SHA-256 of its e-mail) and a random device id.
// Failed sign-ins from it count against that device, not against the account, so strangers
// filling the account's counter cannot lock the staff member out of their own browser.
import { hashSecret, randomSecret } from './secret-tokens.ts';

const TOKEN_SHAPE = /^([A-Za-z0-9_-]{43})\.([a-f0-9]{64})\.([A-Za-z0-9_-]{43})$/;

function toBase64Url(bytes: ArrayBuffer): string {
  let binary = '';
  for (const b of new Uint8Array(bytes)) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function signed(deviceId: string, accountHash: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(
    JSON.stringify(['known-device-v1', deviceId, accountHash]),
  ) as Uint8Array<ArrayBuffer>;
}

/** A new token for the account's e-mail (already normalized). */
export async function issueKnownDevice(signingKey: CryptoKey, email: string): Promise<string> {
  const deviceId = randomSecret();
  const accountHash = await hashSecret(email);
  const mac = await crypto.subtle.sign('HMAC', signingKey, signed(deviceId, accountHash));
  return `${deviceId}.${accountHash}.${toBase64Url(mac)}`;
}

/** The device id when the token is ours and names this e-mail's account; otherwise null. */
export async function knownDeviceId(
  signingKey: CryptoKey,
  token: string | undefined,
  email: string,
): Promise<string | null> {
  const match = token ? TOKEN_SHAPE.exec(token) : null;
  if (!match) return null;
  const [, deviceId, accountHash, mac] = match as unknown as [string, string, string, string];
  if (accountHash !== (await hashSecret(email))) return null;
  // atob cannot throw here: the shape check allowed only base64url characters.
  const macBytes = Uint8Array.from(atob(mac.replace(/-/g, '+').replace(/_/g, '/')), (c) =>
    c.charCodeAt(0),
  );
  const ok = await crypto.subtle.verify(
    'HMAC',
    signingKey,
    macBytes,
    signed(deviceId, accountHash),
  );
  return ok ? deviceId : null;
}
