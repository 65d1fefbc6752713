// Resumable uploads in S3-style parts (docs/decisions/063-resumable-uploads.md): files larger
// than the threshold go up part by part, each part acknowledged, so a dropped connection costs
// at most one part. docs/product.md#limits names the 5 MB threshold and 10000 parts.

/** Files above this size go up in parts; at or below it, in one PUT (POST /api/objects/upload). */
export const MULTIPART_THRESHOLD_BYTES = 5 * 1024 * 1024;
/** Every part but the last has exactly this size (S3 and R2 want at least 5 MiB). */
export const PART_BYTES = 5 * 1024 * 1024;
export const MAX_PARTS = 10_000;

/** How many parts a file of `size` bytes has with parts of `partBytes`. */
export function partCountOf(size: number, partBytes = PART_BYTES): number {
  return Math.max(1, Math.ceil(size / partBytes));
}

/** The exact size of part `partNumber` (1-based) of a file of `size` bytes. */
export function partSizeOf(partNumber: number, size: number, partBytes = PART_BYTES): number {
  const count = partCountOf(size, partBytes);
  if (partNumber < 1 || partNumber > count) return 0;
  return partNumber < count ? partBytes : size - (count - 1) * partBytes;
}
