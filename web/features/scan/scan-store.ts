// A scan in progress lives on the device like the draft (docs/decisions/010-device-drafts.md,
// 035-device-data-lifetime.md): the page list and every picture sealed with the device key,
// so a reload or a closed tab loses no page, and submitting or 'Start over' wipes them with
// the rest of the draft. Pictures are personal data: they are never kept unsealed. Each scan
// has a scope: a wizard section's key, or a replacement's own (replacement-scan.ts in
// features/replacement), so two scans never share pages.
import {
  getBytes,
  getJson,
  putBytes,
  putJson,
  recordNames,
  remove,
} from '../../lib/device-store.ts';
import type { PageList, ScanPage } from './page-list.ts';

const LIST_PREFIX = 'scan-pages:';
const listRecord = (scope: string) => `${LIST_PREFIX}${scope}`;
const pictureRecord = (id: string) => `scan-picture:${id}`;
const thumbnailRecord = (id: string) => `scan-thumbnail:${id}`;

const isPoint = (p: unknown) =>
  typeof p === 'object' &&
  p !== null &&
  typeof (p as { x: unknown }).x === 'number' &&
  typeof (p as { y: unknown }).y === 'number';

function isPage(value: unknown): value is ScanPage {
  const page = value as ScanPage;
  return (
    typeof page === 'object' &&
    page !== null &&
    typeof page.id === 'string' &&
    [page.width, page.height, page.size].every((n) => typeof n === 'number' && n > 0) &&
    [0, 90, 180, 270].includes(page.rotation) &&
    Array.isArray(page.corners) &&
    page.corners.length === 4 &&
    page.corners.every(isPoint) &&
    (page.paper === undefined ||
      (Array.isArray(page.paper) && page.paper.length === 4 && page.paper.every(isPoint)))
  );
}

/** The pages of the scan for this section, in order; none when there is no scan or it is unreadable. */
export async function loadScan(scope: string): Promise<PageList> {
  const stored = await getJson<unknown>(listRecord(scope)).catch(() => undefined);
  return Array.isArray(stored) ? stored.filter(isPage) : [];
}

export async function saveScan(scope: string, pages: PageList): Promise<void> {
  if (pages.length === 0) await remove(listRecord(scope));
  else await putJson(listRecord(scope), pages);
}

/** Keeps a page's picture and thumbnail; throws DeviceStorageFullError when the device is full. */
export async function keepPicture(id: string, bytes: ArrayBuffer, thumbnail: ArrayBuffer) {
  await putBytes(pictureRecord(id), bytes);
  await putBytes(thumbnailRecord(id), thumbnail);
}

export function readPicture(id: string): Promise<ArrayBuffer | undefined> {
  return getBytes(pictureRecord(id));
}

export function readThumbnail(id: string): Promise<ArrayBuffer | undefined> {
  return getBytes(thumbnailRecord(id));
}

export async function forgetPictures(ids: readonly string[]): Promise<void> {
  if (ids.length > 0)
    await remove(...ids.flatMap((id) => [pictureRecord(id), thumbnailRecord(id)]));
}

/** The scopes of the scans kept on this device. */
export async function scanScopes(): Promise<string[]> {
  const names = await recordNames((name) => name.startsWith(LIST_PREFIX));
  return names.map((name) => name.slice(LIST_PREFIX.length));
}

/** The device records of a scan: its list and its pages' pictures and thumbnails. */
export async function scanRecords(scope: string): Promise<string[]> {
  const pages = await loadScan(scope);
  return [listRecord(scope), ...pages.flatMap((p) => [pictureRecord(p.id), thumbnailRecord(p.id)])];
}

/** Removes the whole scan: its list and its pictures. */
export async function discardScan(scope: string, pages: PageList): Promise<void> {
  await remove(listRecord(scope));
  await forgetPictures(pages.map((p) => p.id));
}
