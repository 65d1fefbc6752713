// The app-served object store endpoints behind the signed URLs of crypto/signed-urls.ts.
// Stores with their own presigned URLs (R2) send only downloads here (r2-store.ts says why).
import { type Context, Hono } from 'hono';
import { STORAGE_PATH, verifyStorageUrl } from '../crypto/signed-urls.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { errorJson } from '../http.ts';
import {
  IncompletePartError,
  LengthRequiredError,
  ObjectExistsError,
  ObjectTooLargeError,
  UploadNotFoundError,
} from '../ports.ts';

function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

type Verified = Extract<Awaited<ReturnType<typeof verifyStorageUrl>>, { ok: true }>;
type Link = Verified['method'];

/** What a refused link is told: an expired one can be asked for again, a forged one cannot. */
const REFUSALS: Record<Link, { expired: string; invalid: string }> = {
  PUT: {
    expired: 'This upload link has expired. Please add the file again.',
    invalid: 'This upload link is not valid.',
  },
  PART: {
    expired: 'This upload link has expired. Please try again.',
    invalid: 'This upload link is not valid.',
  },
  GET: {
    expired: 'This download link has expired. Please request it again.',
    invalid: 'This download link is not valid.',
  },
};

/**
 * The request's signed link checked for `method`: what it grants, or the 403 to answer. A
 * link signed for another method is as invalid as a forged one.
 */
async function verifiedLink<M extends Link>(
  deps: Deps,
  c: Context<AppEnv>,
  method: M,
): Promise<{ link: Extract<Verified, { method: M }> } | { refusal: Response }> {
  const verified = await verifyStorageUrl(
    deps.signingKey,
    method,
    c.req.param('key') ?? '',
    new URL(c.req.url).searchParams,
    deps.clock.now(),
  );
  if (verified.ok && verified.method === method) {
    return { link: verified as Extract<Verified, { method: M }> };
  }
  const expired = !verified.ok && verified.reason === 'expired';
  return {
    refusal: expired
      ? errorJson(c, 403, 'url_expired', REFUSALS[method].expired)
      : errorJson(c, 403, 'invalid_signature', REFUSALS[method].invalid),
  };
}

export function storageRoutes(deps: Deps) {
  return (
    new Hono<AppEnv>()
      .put(`${STORAGE_PATH}:key{.+}`, async (c, next) => {
        if (new URL(c.req.url).searchParams.has('part')) return next();
        const key = c.req.param('key');
        const checked = await verifiedLink(deps, c, 'PUT');
        if ('refusal' in checked) return checked.refusal;
        const verified = checked.link;
        const contentType = (c.req.header('Content-Type') ?? '')
          .split(';')[0]!
          .trim()
          .toLowerCase();
        if (!verified.contentTypes.includes(contentType)) {
          return errorJson(
            c,
            415,
            'unsupported_type',
            `This file type is not accepted here. Allowed: ${verified.contentTypes.join(', ')}`,
          );
        }
        const declared = Number(c.req.header('Content-Length') ?? Number.NaN);
        if (declared > verified.maxBytes) {
          return errorJson(
            c,
            413,
            'too_large',
            `The file is larger than the ${Math.round(verified.maxBytes / 1048576)} MB limit.`,
          );
        }
        const body = c.req.raw.body;
        if (!body || declared === 0) return errorJson(c, 400, 'empty_file', 'The file is empty.');
        try {
          const stored = await deps.store.put(key, body, {
            contentType,
            maxBytes: verified.maxBytes,
            ...(Number.isSafeInteger(declared) ? { length: declared } : {}),
          });
          if (stored.size === 0) {
            await deps.store.delete(key);
            return errorJson(c, 400, 'empty_file', 'The file is empty.');
          }
          return c.json({ key, size: stored.size }, 200);
        } catch (error) {
          if (error instanceof ObjectTooLargeError) {
            return errorJson(
              c,
              413,
              'too_large',
              `The file is larger than the ${Math.round(verified.maxBytes / 1048576)} MB limit.`,
            );
          }
          if (error instanceof LengthRequiredError) {
            return errorJson(
              c,
              411,
              'length_required',
              'Send the file with its size (Content-Length), as a browser does.',
            );
          }
          if (error instanceof ObjectExistsError) {
            // 412 rather than 409: a client whose first PUT succeeded but lost its answer can
            // tell "already there" apart from a conflict worth retrying.
            const existing = await deps.store.head(key);
            return c.json(
              {
                error: {
                  code: 'already_uploaded',
                  message: 'This file has already been uploaded.',
                },
                size: existing?.size ?? null,
              },
              412,
            );
          }
          throw error;
        }
      })
      // One part of an upload in parts (docs/decisions/063-resumable-uploads.md): exactly the
      // size its URL was signed for, written whole or not at all, answered with its ETag.
      .put(`${STORAGE_PATH}:key{.+}`, async (c) => {
        const key = c.req.param('key');
        const checked = await verifiedLink(deps, c, 'PART');
        if ('refusal' in checked) return checked.refusal;
        const verified = checked.link;
        const declared = Number(c.req.header('Content-Length') ?? Number.NaN);
        const body = c.req.raw.body;
        if (declared !== verified.size || !body) {
          return errorJson(
            c,
            400,
            'wrong_part_size',
            `This part must be exactly ${verified.size} bytes long.`,
          );
        }
        try {
          const part = await deps.store.putPart(
            key,
            verified.uploadId,
            verified.partNumber,
            body,
            verified.size,
          );
          c.header('ETag', part.etag);
          return c.json({ partNumber: part.partNumber, size: part.size }, 200);
        } catch (error) {
          if (error instanceof UploadNotFoundError) {
            return errorJson(
              c,
              404,
              'upload_not_found',
              'This upload no longer exists. Please add the file again.',
            );
          }
          if (error instanceof ObjectTooLargeError || error instanceof IncompletePartError) {
            return errorJson(
              c,
              400,
              'wrong_part_size',
              `This part must be exactly ${verified.size} bytes long.`,
            );
          }
          throw error;
        }
      })
      .get(`${STORAGE_PATH}:key{.+}`, async (c) => {
        const key = c.req.param('key');
        const checked = await verifiedLink(deps, c, 'GET');
        if ('refusal' in checked) return checked.refusal;
        const verified = checked.link;
        const object = await deps.store.get(key);
        if (!object) return errorJson(c, 404, 'not_found', 'This file no longer exists.');
        return new Response(object.body, {
          status: 200,
          headers: {
            'Content-Type': object.contentType,
            'Content-Length': String(object.size),
            'Content-Disposition': contentDisposition(verified.fileName),
            'X-Content-Type-Options': 'nosniff',
            'Cache-Control': 'private, no-store',
          },
        });
      })
  );
}
