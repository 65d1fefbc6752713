// A keyed digest (HMAC-SHA-256 under the signing key, hex): a value stored or logged in its place
// shows nothing, and nobody without the key can make or test one (a six-digit code cannot be
// tried a million times against a copy of the database). `purpose` keeps each use's digests
// apart, so one can never stand for another.
export async function keyedDigest(key: CryptoKey, purpose: string, value: string): Promise<string> {
  const mac = await crypto.subtle.sign(
    'HMAC',
    key,
    new TextEncoder().encode(`${purpose}:${value}`),
  );
  return Array.from(new Uint8Array(mac), (b) => b.toString(16).padStart(2, '0')).join('');
}
