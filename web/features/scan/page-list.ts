// The pages of a scan in progress and what can be done to them: add, retake, rotate, crop,
// move and delete. A pure reducer, so the rules (order, 50 pages, corners that turn with
// the page) are tested without a browser. The pictures themselves live on the device
// (scan-store.ts) under each page's id.
import { MAX_FILE_BYTES } from '../../../schema/sections.ts';
import type { Point, Quad } from './homography.ts';

/** docs/product.md#limits: at most 50 pages in one scan. */
export const MAX_SCAN_PAGES = 50;
/** Above this share of the 100 MB file limit the dialog warns before Done. */
export const SIZE_WARNING_SHARE = 0.8;
/** What the PDF adds to its pictures: a few hundred bytes a page, rounded up. */
const PDF_BYTES_PER_PAGE = 1024;

export type Rotation = 0 | 90 | 180 | 270;

export type ScanPage = {
  id: string;
  /** The picture as stored (already upright from its EXIF orientation, at most 2048 px). */
  width: number;
  height: number;
  size: number;
  /** Clockwise quarter turns the practitioner added. */
  rotation: Rotation;
  /** Crop corners in the turned picture, as fractions of its width and height. */
  corners: Quad;
  /**
   * The sheet the scan worker found in the picture (paper-edges.ts), turned like `corners`, so
   * a practitioner who tried the whole picture can go back to it. Absent when none was found.
   */
  paper?: Quad;
};

export type PageList = readonly ScanPage[];

export type PageAction =
  | { type: 'add'; page: ScanPage }
  | { type: 'retake'; id: string; page: ScanPage }
  | { type: 'rotate'; id: string }
  | { type: 'crop'; id: string; corners: Quad }
  | { type: 'move'; id: string; to: number }
  | { type: 'delete'; id: string }
  | { type: 'replace'; pages: PageList };

export const WHOLE_PAGE: Quad = [
  { x: 0, y: 0 },
  { x: 1, y: 0 },
  { x: 1, y: 1 },
  { x: 0, y: 1 },
];

/** A quarter turn clockwise of a point given as fractions of the picture. */
const turn = (p: Point): Point => ({ x: 1 - p.y, y: p.x });

/** The corners after a quarter turn clockwise: the old bottom-left becomes the top-left. */
export function turnCorners([tl, tr, br, bl]: Quad): Quad {
  return [turn(bl), turn(tl), turn(tr), turn(br)];
}

/** Width and height of the page as it will be in the PDF, turned. */
export function turnedSize(page: Pick<ScanPage, 'width' | 'height' | 'rotation'>) {
  return page.rotation % 180 === 0
    ? { width: page.width, height: page.height }
    : { width: page.height, height: page.width };
}

export function pageListReducer(pages: PageList, action: PageAction): PageList {
  switch (action.type) {
    case 'add':
      return pages.length >= MAX_SCAN_PAGES ? pages : [...pages, action.page];
    case 'retake':
      // Same place in the order; the new picture starts unturned and uncropped.
      return pages.map((p) => (p.id === action.id ? action.page : p));
    case 'rotate':
      return pages.map((p) =>
        p.id === action.id
          ? {
              ...p,
              rotation: ((p.rotation + 90) % 360) as Rotation,
              corners: turnCorners(p.corners),
              ...(p.paper ? { paper: turnCorners(p.paper) } : {}),
            }
          : p,
      );
    case 'crop':
      return pages.map((p) => (p.id === action.id ? { ...p, corners: action.corners } : p));
    case 'move': {
      const from = pages.findIndex((p) => p.id === action.id);
      const to = Math.max(0, Math.min(pages.length - 1, action.to));
      if (from === -1 || from === to) return pages;
      const next = [...pages];
      const [page] = next.splice(from, 1);
      next.splice(to, 0, page!);
      return next;
    }
    case 'delete':
      return pages.filter((p) => p.id !== action.id);
    case 'replace':
      return action.pages;
  }
}

/** About how large the PDF of these pages will be. */
export function estimatedPdfBytes(pages: PageList): number {
  return pages.reduce((sum, p) => sum + p.size + PDF_BYTES_PER_PAGE, PDF_BYTES_PER_PAGE);
}

/** Why another page cannot be added, or null when it can. */
export function addRefusal(pages: PageList, nextSize = 0): string | null {
  if (pages.length >= MAX_SCAN_PAGES) {
    return `A scan takes at most ${MAX_SCAN_PAGES} pages. Tap Done to make this PDF, then scan the remaining pages as a second file.`;
  }
  if (estimatedPdfBytes(pages) + nextSize + PDF_BYTES_PER_PAGE > MAX_FILE_BYTES) {
    return 'This page would take the PDF past the 100 MB file limit. Tap Done to make this PDF, then scan the remaining pages as a second file.';
  }
  return null;
}

/** A warning once the PDF nears the 100 MB file limit, or null. */
export function sizeWarning(pages: PageList): string | null {
  const bytes = estimatedPdfBytes(pages);
  if (bytes <= MAX_FILE_BYTES * SIZE_WARNING_SHARE) return null;
  const mb = (bytes / 1024 / 1024).toFixed(0);
  return `This PDF will be about ${mb} MB, close to the 100 MB file limit. Tap Done soon and scan any further pages as a second file.`;
}

/** certified_id-scan-3-pages.pdf */
export function scanFileName(sectionKey: string, pageCount: number): string {
  return `${sectionKey}-scan-${pageCount}-${pageCount === 1 ? 'page' : 'pages'}.pdf`;
}
