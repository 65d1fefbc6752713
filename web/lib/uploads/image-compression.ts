// On-device image compression (docs/product.md#validation, #limits: quality 0.8, at most 2048 px).
// browser-image-compression is only fetched when the first photo arrives, and only once: its web
// worker imports the library from `libURL` (whose default is a CDN that fails offline and is not
// allowed by our CSP), so the page loads the same self-hosted copy (vite.config.ts puts it in
// /vendor/, the service worker precaches it) instead of bundling a second one.
import type imageCompressionType from 'browser-image-compression';

export const IMAGE_MAX_DIMENSION_PX = 2048;
export const IMAGE_QUALITY = 0.8;
export const COMPRESSION_LIB_PATH = '/vendor/browser-image-compression.js';
const THUMBNAIL_PX = 96;

export type CompressedImage = { bytes: ArrayBuffer; type: string; name: string };

type Library = typeof imageCompressionType;

/** The self-hosted library: its UMD wrapper sets globalThis.imageCompression when imported. */
async function loadLibrary(): Promise<Library> {
  const url = new URL(COMPRESSION_LIB_PATH, self.location.origin).href;
  await import(/* @vite-ignore */ url);
  const library = (globalThis as unknown as { imageCompression?: Library }).imageCompression;
  if (!library) throw new Error(`${COMPRESSION_LIB_PATH} did not define imageCompression`);
  return library;
}

/** Whether this browser can decode the image at all (Safari can decode HEIC, Chromium cannot). */
export async function canDecodeImage(blob: Blob): Promise<boolean> {
  try {
    const bitmap = await createImageBitmap(blob);
    bitmap.close();
    return true;
  } catch {
    return false;
  }
}

/**
 * Scales to at most 2048 px and re-encodes at quality 0.8. Photos (and decodable HEIC) come out
 * as JPEG; PNGs stay PNG so scanned documents keep sharp text. Browsers apply EXIF orientation
 * themselves now, and the library only rotates where they do not; it also scales images above
 * the browser's canvas limit (16.7 MP on iOS) down in steps before drawing.
 */
export async function compressImage(
  bytes: ArrayBuffer,
  type: string,
  name: string,
): Promise<CompressedImage> {
  const imageCompression = await loadLibrary();
  const outputType = type === 'image/png' ? 'image/png' : 'image/jpeg';
  const outputName =
    outputType === 'image/jpeg' && !/\.jpe?g$/i.test(name)
      ? `${name.replace(/\.[^.]+$/, '')}.jpg`
      : name;
  const input = new File([bytes], name, { type });
  const output = await imageCompression(input, {
    maxWidthOrHeight: IMAGE_MAX_DIMENSION_PX,
    initialQuality: IMAGE_QUALITY,
    fileType: outputType,
    useWebWorker: true,
    libURL: new URL(COMPRESSION_LIB_PATH, self.location.origin).href,
  });
  return { bytes: await output.arrayBuffer(), type: outputType, name: outputName };
}

/** A small JPEG data URL to show next to the file name. */
export async function makeThumbnail(bytes: ArrayBuffer, type: string): Promise<string | undefined> {
  if (typeof OffscreenCanvas === 'undefined') return undefined;
  try {
    const bitmap = await createImageBitmap(new Blob([bytes], { type }));
    const scale = THUMBNAIL_PX / Math.max(bitmap.width, bitmap.height);
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.7 });
    const buffer = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (const b of buffer) binary += String.fromCharCode(b);
    return `data:image/jpeg;base64,${btoa(binary)}`;
  } catch {
    return undefined;
  }
}
