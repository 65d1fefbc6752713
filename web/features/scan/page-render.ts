// What the scan worker does to pictures, off the main thread: a camera picture becomes a page
// (turned upright by its EXIF orientation, at most 2048 px, JPEG quality 0.8 —
// docs/product.md#limits — with the sheet's corners looked for in it), and a page becomes
// what goes into the PDF (turned and perspective-corrected). Every picture is drawn on a canvas and encoded again, so nothing of
// the camera's EXIF (GPS position, device, time) reaches the PDF.
import { IMAGE_MAX_DIMENSION_PX, IMAGE_QUALITY } from '../../lib/uploads/image-compression.ts';
import { isWholeImage, type Quad, uprightSize, warpToRectangle } from './homography.ts';
import type { Rotation } from './page-list.ts';
import { findPaper, PAPER_SEARCH_PX } from './paper-edges.ts';
import { luminance } from './paper-region.ts';

const THUMBNAIL_PX = 240;

export type PreparedPicture = {
  bytes: ArrayBuffer;
  thumbnail: ArrayBuffer;
  width: number;
  height: number;
  /** The sheet's corners found in the picture, or null to keep the whole picture. */
  paper: Quad | null;
};

export type PageToRender = { bytes: ArrayBuffer; rotation: Rotation; corners: Quad };

function context(canvas: OffscreenCanvas): OffscreenCanvasRenderingContext2D {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas in this browser');
  ctx.imageSmoothingQuality = 'high';
  return ctx;
}

async function encode(canvas: OffscreenCanvas, quality = IMAGE_QUALITY): Promise<ArrayBuffer> {
  const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
  return blob.arrayBuffer();
}

function scaled(width: number, height: number, maxSide: number) {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** Where the sheet lies in the picture, looked for in a small copy (paper-edges.ts). */
function paperIn(picture: OffscreenCanvas): Quad | null {
  const size = scaled(picture.width, picture.height, PAPER_SEARCH_PX);
  const copy = new OffscreenCanvas(size.width, size.height);
  const ctx = context(copy);
  ctx.drawImage(picture, 0, 0, size.width, size.height);
  const { data } = ctx.getImageData(0, 0, size.width, size.height);
  return findPaper(luminance(data, size.width, size.height), size.width, size.height);
}

/** A camera picture as a page: upright, at most 2048 px, JPEG 0.8, without its metadata. */
export async function preparePicture(picture: Blob): Promise<PreparedPicture> {
  const bitmap = await createImageBitmap(picture, { imageOrientation: 'from-image' });
  try {
    const size = scaled(bitmap.width, bitmap.height, IMAGE_MAX_DIMENSION_PX);
    const canvas = new OffscreenCanvas(size.width, size.height);
    context(canvas).drawImage(bitmap, 0, 0, size.width, size.height);
    const small = scaled(size.width, size.height, THUMBNAIL_PX);
    const thumb = new OffscreenCanvas(small.width, small.height);
    context(thumb).drawImage(canvas, 0, 0, small.width, small.height);
    return {
      bytes: await encode(canvas),
      thumbnail: await encode(thumb, 0.7),
      width: size.width,
      height: size.height,
      paper: paperIn(canvas),
    };
  } finally {
    bitmap.close();
  }
}

/** The page as it goes into the PDF: the stored JPEG itself when it was neither turned nor cropped. */
export async function renderPage(page: PageToRender): Promise<Uint8Array> {
  if (page.rotation === 0 && isWholeImage(page.corners)) return new Uint8Array(page.bytes);
  const bitmap = await createImageBitmap(new Blob([page.bytes], { type: 'image/jpeg' }));
  const quarter = page.rotation % 180 !== 0;
  const width = quarter ? bitmap.height : bitmap.width;
  const height = quarter ? bitmap.width : bitmap.height;
  let canvas = new OffscreenCanvas(width, height);
  const ctx = context(canvas);
  ctx.translate(width / 2, height / 2);
  ctx.rotate((page.rotation * Math.PI) / 180);
  ctx.drawImage(bitmap, -bitmap.width / 2, -bitmap.height / 2);
  bitmap.close();
  if (!isWholeImage(page.corners)) {
    const quad = page.corners.map((p) => ({ x: p.x * width, y: p.y * height })) as unknown as Quad;
    const size = uprightSize(quad, IMAGE_MAX_DIMENSION_PX);
    const source = ctx.getImageData(0, 0, width, height);
    const out = warpToRectangle(source, quad, size.width, size.height);
    canvas = new OffscreenCanvas(size.width, size.height);
    context(canvas).putImageData(
      new ImageData(out.data as Uint8ClampedArray<ArrayBuffer>, size.width, size.height),
      0,
      0,
    );
  }
  return new Uint8Array(await encode(canvas));
}
