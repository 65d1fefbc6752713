// Secrets the server must read back (staff TOTP secrets), sealed with AES-256-GCM under a key
// derived from the signing secret (decision 070): a copy of the database file alone does not
// reveal them. The key is HMAC(signing key, purpose), so no other use of the signing key can
// produce it.

const VERSION = 'v1';

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

const keys = new WeakMap<CryptoKey, Promise<CryptoKey>>();

function sealingKey(signingKey: CryptoKey): Promise<CryptoKey> {
  let key = keys.get(signingKey);
  if (!key) {
    key = crypto.subtle
      .sign('HMAC', signingKey, new TextEncoder().encode('sealed-secrets-v1'))
      .then((raw) => crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']));
    keys.set(signingKey, key);
  }
  return key;
}

/** `v1.<iv>.<ciphertext>`; `context` (e.g. the account id) is bound in as associated data. */
export async function sealSecret(
  signingKey: CryptoKey,
  secret: string,
  context: string,
): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(context) },
    await sealingKey(signingKey),
    new TextEncoder().encode(secret),
  );
  return `${VERSION}.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

/** The secret, or null when the value was not sealed by this key for this context. */
export async function openSecret(
  signingKey: CryptoKey,
  sealed: string,
  context: string,
): Promise<string | null> {
  const [version, iv, data] = sealed.split('.');
  if (version !== VERSION || !iv || !data) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64Url(iv), additionalData: new TextEncoder().encode(context) },
      await sealingKey(signingKey),
      fromBase64Url(data),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
