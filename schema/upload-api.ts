// The upload calls' contracts: a file in one PUT, the drafts' uploads kept alive, and
// resumable uploads in parts (decision 063).
import { z } from 'zod/mini';

// ---- Uploads ----
/** docs/product.md#api: the filename is the section key plus a timestamp, e.g.
 * "certified_id_1737280000000". */
export const objectUploadRequest = z.object({
  filename: z.string().check(z.trim(), z.minLength(1, 'filename is required'), z.maxLength(200)),
  /** The file's size and type, when the client declares them: an R2 upload URL signs both. */
  size: z.optional(
    z
      .number()
      .check(
        z.int('size must be a whole number of bytes'),
        z.minimum(1, 'The file is empty.'),
        z.maximum(104_857_600, 'The file is larger than the 100 MB limit.'),
      ),
  ),
  contentType: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
});
export const objectUploadResponse = z.object({ uploadURL: z.string() });
export type ObjectUploadResponse = z.infer<typeof objectUploadResponse>;

/**
 * The uploads of a draft still alive on its device (decision 066): each is kept for a while
 * longer, so the next sitting does not send it again. URLs as the upload gave them.
 */
export const keepUploadsRequest = z.object({
  uploads: z
    .array(z.string().check(z.minLength(1), z.maxLength(2000)))
    .check(z.minLength(1, 'Name at least one upload'), z.maxLength(500, 'Too many uploads')),
});
export const keepUploadsResponse = z.object({ kept: z.number(), keptUntil: z.string() });
export type KeepUploadsResponse = z.infer<typeof keepUploadsResponse>;
// Resumable uploads in parts (schema/upload-parts.ts, docs/decisions/063-resumable-uploads.md).
export const multipartStartRequest = z.object({
  filename: objectUploadRequest.shape.filename,
  size: z
    .number()
    .check(
      z.int('size must be a whole number of bytes'),
      z.minimum(1, 'The file is empty.'),
      z.maximum(104_857_600, 'The file is larger than the 100 MB limit.'),
    ),
  contentType: z
    .string()
    .check(z.trim(), z.minLength(1, 'contentType is required'), z.maxLength(100)),
});
export const multipartStartResponse = z.object({
  /** Names the upload in the other multipart calls. */
  uploadId: z.string(),
  partSize: z.number(),
  partCount: z.number(),
});
export type MultipartStartResponse = z.infer<typeof multipartStartResponse>;

const partNumber = z
  .number()
  .check(
    z.int('partNumber must be a whole number'),
    z.minimum(1, 'partNumber starts at 1'),
    z.maximum(10_000, 'There are at most 10000 parts'),
  );
export const multipartPartUrlsRequest = z.object({
  partNumbers: z
    .array(partNumber)
    .check(
      z.minLength(1, 'Name at least one part'),
      z.maxLength(100, 'Ask for at most 100 parts at a time'),
    ),
});
export const multipartPartUrlsResponse = z.object({
  parts: z.array(z.object({ partNumber: z.number(), size: z.number(), url: z.string() })),
});
export type MultipartPartUrlsResponse = z.infer<typeof multipartPartUrlsResponse>;

const etag = z.string().check(z.minLength(1, 'etag is required'), z.maxLength(200));
export const multipartPartsResponse = z.object({
  parts: z.array(z.object({ partNumber: z.number(), size: z.number(), etag: z.string() })),
});
export type MultipartPartsResponse = z.infer<typeof multipartPartsResponse>;

export const multipartCompleteRequest = z.object({
  parts: z
    .array(z.object({ partNumber, etag }))
    .check(z.minLength(1, 'Name the parts sent'), z.maxLength(10_000)),
});
export const multipartCompleteResponse = z.object({
  /** Where the object lives: the `url` a submission's document names, as after a single PUT. */
  url: z.string(),
  size: z.number(),
});
export type MultipartCompleteResponse = z.infer<typeof multipartCompleteResponse>;

export const presignedUrlRequest = z.object({
  fileType: z.literal('application/pdf', 'Only PDF files are allowed'),
  /** The PDF's size in bytes: an R2 upload URL signs it, so the URL takes exactly that file. */
  fileSize: z.optional(z.number().check(z.int(), z.positive())),
});
export const presignedUrlResponse = z.object({ uploadUrl: z.string(), storagePath: z.string() });
