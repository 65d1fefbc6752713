// The presigned single PUT of an upload (R2's S3 API). With the file's declared size and type
// the URL signs Content-Length, Content-Type and `If-None-Match: *` as well as the host, so R2
// refuses (403 SignatureDoesNotMatch) a body of any other size or type, and (412) a second PUT
// once the object exists: the URL cannot oversize or overwrite. The R2 store never signs one
// without a declaration (r2-store.ts: a host-only URL takes any body up to 5 GiB); signing the
// host only stays possible here for the test that shows why. No Workers globals here, so Node
// tests sign and check URLs too.
import { AwsV4Signer } from 'aws4fetch';

export type UploadUrlSigner = {
  accessKeyId: string;
  secretAccessKey: string;
  /** The object's URL: <S3 origin>/<bucket>/<key>. */
  objectUrl: string;
};

/** The headers a client must send with a PUT to a URL signed for this file. */
export function signedPutHeaders(exact: { contentType: string; size: number }) {
  return {
    'Content-Type': exact.contentType,
    'Content-Length': String(exact.size),
    'If-None-Match': '*',
  };
}

export async function presignUpload(
  signer: UploadUrlSigner,
  expiresInSeconds: number,
  exact?: { contentType: string; size: number },
): Promise<string> {
  const url = new URL(signer.objectUrl);
  url.searchParams.set('X-Amz-Expires', String(expiresInSeconds));
  const signed = await new AwsV4Signer({
    method: 'PUT',
    url: url.toString(),
    headers: exact ? signedPutHeaders(exact) : {},
    accessKeyId: signer.accessKeyId,
    secretAccessKey: signer.secretAccessKey,
    service: 's3',
    region: 'auto',
    signQuery: true,
    allHeaders: true,
  }).sign();
  return signed.url.toString();
}
