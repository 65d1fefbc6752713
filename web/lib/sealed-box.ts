// AES-GCM sealing of what the device keeps (drafts, photos, queued submissions). A sealed record
// is unreadable without the device key and refused if changed; the key is generated
// non-extractable, so script can use it but not read it out. The browser keeps the key in the
// same profile, so a copy of the whole profile can still open the records
// (docs/decisions/010-device-drafts.md, SECURITY.md's accepted risks).

export type Sealed = { iv: Uint8Array<ArrayBuffer>; data: ArrayBuffer };

export function generateDeviceKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

export async function sealBytes(key: CryptoKey, bytes: ArrayBuffer): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, bytes);
  return { iv, data };
}

export function openBytes(key: CryptoKey, sealed: Sealed): Promise<ArrayBuffer> {
  return crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv }, key, sealed.data);
}

export function sealJson(key: CryptoKey, value: unknown): Promise<Sealed> {
  return sealBytes(key, new TextEncoder().encode(JSON.stringify(value)).buffer as ArrayBuffer);
}

export async function openJson<T>(key: CryptoKey, sealed: Sealed): Promise<T> {
  return JSON.parse(new TextDecoder().decode(await openBytes(key, sealed))) as T;
}

export function isSealed(value: unknown): value is Sealed {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Sealed).iv instanceof Uint8Array &&
    (value as Sealed).data instanceof ArrayBuffer
  );
}

/**
 * Frees a buffer's memory now instead of at the next garbage collection (it is detached: any
 * view of it reads as empty). Parts of a large file pass through several copies (read, sealed,
 * stored, sent); releasing each as soon as it is done keeps a 100 MB file from piling up
 * garbage in a phone's memory. Browsers without ArrayBuffer.prototype.transfer leave it to GC.
 */
export function release(buffer: ArrayBuffer): void {
  const transfer = (buffer as { transfer?: (length: number) => ArrayBuffer }).transfer;
  if (transfer && !(buffer as { detached?: boolean }).detached) transfer.call(buffer, 0);
}
