// Signed, expiring URLs for the app-served object store (routes/storage.ts). The signature
// covers the method, key, expiry and every constraint, so none can be changed by the client.

type StorageUrlParams =
  | {
      method: 'PUT';
      key: string;
      contentTypes: readonly string[];
      maxBytes: number;
      expiresInSeconds: number;
    }
  | { method: 'GET'; key: string; fileName: string; expiresInSeconds: number }
  /** One part of an upload in parts, PUT like a whole file but of exactly `size` bytes. */
  | {
      method: 'PART';
      key: string;
      uploadId: string;
      partNumber: number;
      size: number;
      expiresInSeconds: number;
    };

type VerifiedStorageUrl =
  | { ok: true; method: 'PUT'; contentTypes: string[]; maxBytes: number }
  | { ok: true; method: 'PART'; uploadId: string; partNumber: number; size: number }
  | { ok: true; method: 'GET'; fileName: string }
  | { ok: false; reason: 'expired' | 'invalid' };

export const STORAGE_PATH = '/api/storage/';

export async function importSigningKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
}

/**
 * The signed bytes: the fields as a JSON array, so no field can spill into the next (joined
 * with newlines, key "k\n1" with expiry "2" read the same as key "k" with expiry "1" and a
 * name starting "2\n"). URLs signed the old way fail to verify; they lived minutes anyway.
 */
export function canonical(
  method: string,
  key: string,
  expires: string,
  ...extra: string[]
): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(
    JSON.stringify(['v2', method, key, expires, ...extra]),
  ) as Uint8Array<ArrayBuffer>;
}

function toBase64Url(bytes: ArrayBuffer): string {
  let binary = '';
  for (const b of new Uint8Array(bytes)) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(value: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return null;
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

export async function signStorageUrl(
  signingKey: CryptoKey,
  origin: string,
  params: StorageUrlParams,
  now: Date = new Date(),
): Promise<string> {
  const expires = String(Math.floor(now.getTime() / 1000) + params.expiresInSeconds);
  const query = new URLSearchParams({ expires });
  let extra: string[];
  if (params.method === 'PUT') {
    const types = params.contentTypes.join(',');
    query.set('types', types);
    query.set('max', String(params.maxBytes));
    extra = [types, String(params.maxBytes)];
  } else if (params.method === 'PART') {
    query.set('upload', params.uploadId);
    query.set('part', String(params.partNumber));
    query.set('size', String(params.size));
    extra = [params.uploadId, String(params.partNumber), String(params.size)];
  } else {
    query.set('name', params.fileName);
    extra = [params.fileName];
  }
  const signature = await crypto.subtle.sign(
    'HMAC',
    signingKey,
    canonical(params.method, params.key, expires, ...extra),
  );
  query.set('signature', toBase64Url(signature));
  return `${origin}${STORAGE_PATH}${params.key}?${query}`;
}

export async function verifyStorageUrl(
  signingKey: CryptoKey,
  method: 'PUT' | 'GET' | 'PART',
  key: string,
  query: URLSearchParams,
  now: Date = new Date(),
): Promise<VerifiedStorageUrl> {
  const expires = query.get('expires') ?? '';
  const signature = fromBase64Url(query.get('signature') ?? '');
  if (!/^\d{1,12}$/.test(expires) || !signature) return { ok: false, reason: 'invalid' };
  const extra =
    method === 'PUT'
      ? [query.get('types') ?? '', query.get('max') ?? '']
      : method === 'PART'
        ? [query.get('upload') ?? '', query.get('part') ?? '', query.get('size') ?? '']
        : [query.get('name') ?? ''];
  // crypto.subtle.verify compares in constant time.
  const valid = await crypto.subtle.verify(
    'HMAC',
    signingKey,
    signature,
    canonical(method, key, expires, ...extra),
  );
  if (!valid) return { ok: false, reason: 'invalid' };
  if (Number(expires) * 1000 < now.getTime()) return { ok: false, reason: 'expired' };
  if (method === 'PUT') {
    return {
      ok: true,
      method,
      contentTypes: (query.get('types') ?? '').split(',').filter(Boolean),
      maxBytes: Number(query.get('max')),
    };
  }
  if (method === 'PART') {
    return {
      ok: true,
      method,
      uploadId: query.get('upload') ?? '',
      partNumber: Number(query.get('part')),
      size: Number(query.get('size')),
    };
  }
  return { ok: true, method, fileName: query.get('name') ?? 'download' };
}
