// Checks an S3 request's V4 signature the way R2 does, with AWS's own signer
// (@smithy/signature-v4, the one inside the AWS SDK): not aws4fetch, which the product signs
// with, so a mistake in how the product signs cannot cancel itself out here. The signature is
// recomputed over the request as it arrived (method, path, query, the headers it names as
// signed) and compared; a presigned URL is also checked for its expiry. Both forms are
// checked: presigned URLs (query) and the Worker's own calls (Authorization header).
import { Hash } from '@smithy/hash-node';
import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';

export type S3Credentials = { accessKeyId: string; secretAccessKey: string };

export type SignatureVerdict =
  | { ok: true }
  | { ok: false; status: 400 | 403; code: string; message: string };

export type ArrivedRequest = {
  method: string;
  /** The raw request target: path and query exactly as sent. */
  target: string;
  headers: Record<string, string | string[] | undefined>;
};

/** R2's bucket region is `auto`; an empty one and us-east-1 alias to it. */
const REGIONS = new Set(['auto', 'us-east-1', '']);
const SHA256 = Hash.bind(null, 'sha256');
const UNSIGNED = 'x-amz-content-sha256';

const refused = (code: string, message: string, status: 400 | 403 = 403): SignatureVerdict => ({
  ok: false,
  status,
  code,
  message,
});

/** `20261127T013000Z` as a Date, or null. */
function amzDate(value: string | null | undefined): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!m) return null;
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
}

/**
 * The query as S3 reads it: `%XX` decoded, `+` left a plus (URLSearchParams would read it as a
 * space, which S3 does not: a URL whose signer encoded a space as %20 but sent `+` fails).
 */
function rawQuery(search: string): [string, string][] {
  if (!search) return [];
  return search.split('&').map((pair) => {
    const at = pair.indexOf('=');
    const [name, value] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
    return [decodeURIComponent(name), decodeURIComponent(value)];
  });
}

function header(headers: ArrivedRequest['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** The request's V4 signature checked against credentials at `now`. */
export async function checkSignature(
  request: ArrivedRequest,
  credentials: S3Credentials,
  now: Date,
): Promise<SignatureVerdict> {
  const at = request.target.indexOf('?');
  const path = at < 0 ? request.target : request.target.slice(0, at);
  const query = rawQuery(at < 0 ? '' : request.target.slice(at + 1));
  const q = new Map(query);
  const authorization = header(request.headers, 'authorization');
  const presigned = q.has('X-Amz-Signature');
  if (!presigned && !authorization) {
    return refused('AccessDenied', 'Access Denied: the request is not signed.');
  }

  let credential: string;
  let signedHeaders: string;
  let signature: string;
  let date: Date | null;
  if (presigned) {
    if (q.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') {
      return refused(
        'AuthorizationQueryParametersError',
        'X-Amz-Algorithm must be AWS4-HMAC-SHA256.',
        400,
      );
    }
    credential = q.get('X-Amz-Credential') ?? '';
    signedHeaders = q.get('X-Amz-SignedHeaders') ?? '';
    signature = q.get('X-Amz-Signature') ?? '';
    date = amzDate(q.get('X-Amz-Date'));
  } else {
    const m =
      /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/.exec(
        authorization ?? '',
      );
    if (!m) return refused('AccessDenied', 'The Authorization header is malformed.', 400);
    [, credential, signedHeaders, signature] = m as unknown as [string, string, string, string];
    date = amzDate(header(request.headers, 'x-amz-date'));
  }
  const [accessKeyId, day, region, service, terminal] = credential.split('/');
  if (accessKeyId !== credentials.accessKeyId) {
    return refused('InvalidAccessKeyId', 'The access key ID you provided does not exist.');
  }
  if (!date || day !== date.toISOString().slice(0, 10).replaceAll('-', '')) {
    return refused('AccessDenied', 'The request date is missing or differs from its credential.');
  }
  if (!REGIONS.has(region ?? '-') || service !== 's3' || terminal !== 'aws4_request') {
    return refused(
      'AuthorizationQueryParametersError',
      'The credential scope is not auto/s3.',
      400,
    );
  }
  const names = signedHeaders.split(';');
  if (!names.includes('host')) return refused('AccessDenied', 'The host header must be signed.');

  let expiresIn = 0;
  if (presigned) {
    expiresIn = Number(q.get('X-Amz-Expires'));
    if (!Number.isInteger(expiresIn) || expiresIn < 1 || expiresIn > 604_800) {
      return refused(
        'AuthorizationQueryParametersError',
        'X-Amz-Expires must be 1 to 604800.',
        400,
      );
    }
    if (now.getTime() > date.getTime() + expiresIn * 1000) {
      return refused('AccessDenied', 'Request has expired');
    }
  } else if (Math.abs(now.getTime() - date.getTime()) > 15 * 60_000) {
    return refused(
      'RequestTimeTooSkewed',
      'The difference between the request time and now is too large.',
    );
  }

  const headers: Record<string, string> = {};
  for (const name of names) {
    const value = header(request.headers, name);
    // A header the URL signs but the request lacks cannot match.
    if (value === undefined) {
      return refused('SignatureDoesNotMatch', `The signed header ${name} is missing.`);
    }
    headers[name] = value;
  }
  const payload = presigned
    ? 'UNSIGNED-PAYLOAD'
    : (header(request.headers, UNSIGNED) ?? 'UNSIGNED-PAYLOAD');
  const signer = new SignatureV4({
    credentials,
    region: region ?? 'auto',
    service: 's3',
    sha256: SHA256,
    uriEscapePath: false,
    applyChecksum: false,
  });
  const [hostname, port] = (headers.host ?? '').split(':');
  const base = {
    method: request.method,
    protocol: 'http:',
    hostname: hostname ?? '',
    ...(port ? { port: Number(port) } : {}),
    path,
  };
  let expected: string | undefined;
  if (presigned) {
    const rest = Object.fromEntries(
      query.filter(
        ([name]) =>
          !/^X-Amz-(Algorithm|Credential|Date|Expires|SignedHeaders|Signature)$/.test(name),
      ),
    );
    const signed = await signer.presign(
      new HttpRequest({ ...base, query: rest, headers: { ...headers, [UNSIGNED]: payload } }),
      {
        signingDate: date,
        expiresIn,
        signingRegion: region,
        unsignableHeaders: new Set([UNSIGNED]),
        // The headers stay headers: the query already holds what the signer put there.
        unhoistableHeaders: new Set([...Object.keys(headers), UNSIGNED]),
      },
    );
    const given = signed.query ?? {};
    expected =
      given['X-Amz-SignedHeaders'] === signedHeaders ? String(given['X-Amz-Signature']) : undefined;
  } else {
    const { 'x-amz-date': _generated, ...rest } = headers;
    const signed = await signer.sign(
      new HttpRequest({
        ...base,
        query: Object.fromEntries(query),
        headers: { ...rest, [UNSIGNED]: payload },
      }),
      {
        signingDate: date,
        signingRegion: region,
        ...(names.includes(UNSIGNED) ? {} : { unsignableHeaders: new Set([UNSIGNED]) }),
      },
    );
    expected = /Signature=([0-9a-f]+)/.exec(String(signed.headers.authorization))?.[1];
  }
  if (expected !== signature) {
    return refused(
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
    );
  }
  return { ok: true };
}
