// The scan's steps without the screen: a camera picture becomes a stored page, and the pages
// become one PDF file for the section. Used by the scan dialog and by the bench.
import { MAX_FILE_BYTES } from '../../../schema/sections.ts';
import { type PageList, type ScanPage, scanFileName, WHOLE_PAGE } from './page-list.ts';
import { buildPdf, preparePicture } from './scan-client.ts';
import { keepPicture, readPicture } from './scan-store.ts';

export const UNREADABLE_PICTURE =
  'This picture could not be read. Please take the photo of this page again.';
export const PDF_TOO_LARGE =
  'This PDF would be larger than the 100 MB file limit. Remove some pages, tap Done, and scan the rest as a second file.';

/**
 * Prepares the picture in the worker and keeps it on the device; the page is not yet listed.
 * Its crop corners start on the sheet the worker found, or on the whole picture.
 */
export async function takePicture(picture: Blob): Promise<ScanPage> {
  const prepared = await preparePicture(picture).catch(() => {
    throw new Error(UNREADABLE_PICTURE);
  });
  const id = crypto.randomUUID();
  await keepPicture(id, prepared.bytes, prepared.thumbnail);
  return {
    id,
    width: prepared.width,
    height: prepared.height,
    size: prepared.bytes.byteLength,
    rotation: 0,
    corners: prepared.paper ?? WHOLE_PAGE,
    ...(prepared.paper ? { paper: prepared.paper } : {}),
  };
}

/** The PDF of the pages, named like certified_id-scan-3-pages.pdf. */
export async function makeScanPdf(sectionKey: string, pages: PageList): Promise<File> {
  const inputs = [];
  for (const page of pages) {
    const bytes = await readPicture(page.id);
    if (!bytes)
      throw new Error(
        `Page ${inputs.length + 1} is no longer on this device. Please take it again.`,
      );
    inputs.push({ bytes, rotation: page.rotation, corners: page.corners });
  }
  const pdf = await buildPdf(inputs);
  if (pdf.byteLength > MAX_FILE_BYTES) throw new Error(PDF_TOO_LARGE);
  return new File([pdf], scanFileName(sectionKey, pages.length), { type: 'application/pdf' });
}
