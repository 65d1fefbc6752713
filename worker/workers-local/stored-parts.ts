// What R2 answers about an upload in parts, read from the files s3rver keeps for it
// (`<uploads>/<uploadId>/<n>` and `<n>.md5`): ListParts (paged like R2), AbortMultipartUpload,
// and the checks CompleteMultipartUpload makes before anything is joined: every part named
// exists with that ETag, in ascending order, each but the last at least 5 MiB. A part only
// ever reaches s3rver whole (object-server.ts stages each body first), so a part file without
// its .md5 is one s3rver is still writing and is not listed.
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

export type S3Refusal = { status: number; code: string; message: string };
type Part = { partNumber: number; etag: string; size: number };

const MIN_PART_BYTES = 5 * 1024 * 1024;

export const escapeXml = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

export const noSuchUpload: S3Refusal = {
  status: 404,
  code: 'NoSuchUpload',
  message: 'The specified multipart upload does not exist.',
};

/** The folder of one upload, or null when there is no such upload. */
export async function uploadFolder(uploads: string, uploadId: string): Promise<string | null> {
  // s3rver names upload folders in hex; anything else cannot be one of its uploads.
  if (!/^[0-9a-f]+$/.test(uploadId)) return null;
  const dir = join(uploads, uploadId);
  const isDir = await stat(dir).then(
    (s) => s.isDirectory(),
    () => false,
  );
  return isDir ? dir : null;
}

async function partsIn(dir: string): Promise<Part[]> {
  const names = new Set(await readdir(dir));
  const whole = [...names].filter((name) => /^\d+$/.test(name) && names.has(`${name}.md5`));
  const parts = await Promise.all(
    whole.map(async (name) => ({
      partNumber: Number(name),
      size: (await stat(join(dir, name))).size,
      etag: `"${(await readFile(join(dir, `${name}.md5`), 'utf8')).trim()}"`,
    })),
  );
  return parts.sort((a, b) => a.partNumber - b.partNumber);
}

/** ListParts' XML for the parts after `marker`, at most `maxParts` of them. */
export async function listPartsXml(
  dir: string,
  names: { bucket: string; key: string; uploadId: string },
  page: { marker: number; maxParts: number },
): Promise<string> {
  const after = (await partsIn(dir)).filter((p) => p.partNumber > page.marker);
  const shown = after.slice(0, page.maxParts);
  const truncated = after.length > shown.length;
  const items = shown
    .map(
      (p) =>
        `<Part><PartNumber>${p.partNumber}</PartNumber><ETag>${escapeXml(p.etag)}</ETag><Size>${p.size}</Size></Part>`,
    )
    .join('');
  const next = truncated
    ? `<NextPartNumberMarker>${shown.at(-1)!.partNumber}</NextPartNumberMarker>`
    : '';
  return `<ListPartsResult><Bucket>${escapeXml(names.bucket)}</Bucket><Key>${escapeXml(names.key)}</Key><UploadId>${escapeXml(names.uploadId)}</UploadId><PartNumberMarker>${page.marker}</PartNumberMarker>${next}<MaxParts>${page.maxParts}</MaxParts><IsTruncated>${truncated}</IsTruncated>${items}</ListPartsResult>`;
}

export async function abortUpload(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/** The parts a CompleteMultipartUpload body names, or null when it is not that XML. */
export function namedParts(xml: string): { partNumber: number; etag: string }[] | null {
  if (!/<CompleteMultipartUpload[\s>]/.test(xml)) return null;
  const parts = [...xml.matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map(([, body]) => ({
    partNumber: Number(/<PartNumber>\s*(\d+)\s*<\/PartNumber>/.exec(body!)?.[1] ?? Number.NaN),
    etag: (/<ETag>([^<]*)<\/ETag>/.exec(body!)?.[1] ?? '').replaceAll('&quot;', '"'),
  }));
  return parts.length && parts.every((p) => Number.isInteger(p.partNumber)) ? parts : null;
}

/** Why R2 would refuse to complete with these parts, or null when it would not. */
export async function completeRefusal(
  dir: string,
  named: readonly { partNumber: number; etag: string }[],
): Promise<S3Refusal | null> {
  const held = new Map((await partsIn(dir)).map((p) => [p.partNumber, p]));
  const bare = (etag: string) => etag.replaceAll('"', '');
  for (const [i, part] of named.entries()) {
    if (i > 0 && part.partNumber <= named[i - 1]!.partNumber) {
      return {
        status: 400,
        code: 'InvalidPartOrder',
        message: 'The list of parts was not in ascending order.',
      };
    }
    const stored = held.get(part.partNumber);
    if (!stored || bare(stored.etag) !== bare(part.etag)) {
      return {
        status: 400,
        code: 'InvalidPart',
        message: `Part ${part.partNumber} could not be found or its ETag does not match.`,
      };
    }
    if (i < named.length - 1 && stored.size < MIN_PART_BYTES) {
      return {
        status: 400,
        code: 'EntityTooSmall',
        message: 'Your proposed upload is smaller than the minimum allowed object size.',
      };
    }
  }
  return null;
}
