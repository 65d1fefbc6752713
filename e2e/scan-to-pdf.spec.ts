// Issue 16: scan a document page by page into one PDF on the phone. Three camera pictures
// (one with EXIF orientation and a GPS position), reordered, turned, one deleted, one
// cropped, kept through a reload; Done puts one PDF in the card, the application is
// submitted, and staff download a PDF with the two pages in the chosen order.
import { expect, type Page, test } from '@playwright/test';
import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import type { TrackingResponse } from '../schema/tracking-api.ts';
import { submitForToken } from './application-helpers.ts';
import { expectNoSeriousAxeViolations } from './axe-check.ts';
import { signIn, useTheme } from './dashboard-fixtures.ts';
import {
  attach,
  choosePracticeType,
  chooseScheme,
  expectUploaded,
  fillContact,
  makePdf,
  PRACTITIONER,
  section,
  showPage,
} from './wizard-helpers.ts';

/** A flat-coloured JPEG of this size from the browser's own encoder. */
async function colourJpeg(page: Page, width: number, height: number, colour: string) {
  const base64 = await page.evaluate(
    async ([w, h, c]) => {
      const canvas = new OffscreenCanvas(Number(w), Number(h));
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = String(c);
      ctx.fillRect(0, 0, Number(w), Number(h));
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(Number(w) / 4, Number(h) / 4, Number(w) / 2, 20);
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) {
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      }
      return btoa(binary);
    },
    [width, height, colour] as const,
  );
  return Buffer.from(base64, 'base64');
}

/**
 * An EXIF block as a phone camera writes it: Orientation 6 (the picture must be turned a
 * quarter clockwise to stand upright) and a GPS position (33.9° S, 18.4° E).
 */
function exifSegment(): Buffer {
  const tiff = Buffer.alloc(90);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(2, 8); // IFD0: two entries
  tiff.writeUInt16BE(0x0112, 10); // Orientation, SHORT, 1, 6
  tiff.writeUInt16BE(3, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(6, 18);
  tiff.writeUInt16BE(0x8825, 22); // GPS IFD pointer, LONG, 1, 38
  tiff.writeUInt16BE(4, 24);
  tiff.writeUInt32BE(1, 26);
  tiff.writeUInt32BE(38, 30);
  tiff.writeUInt32BE(0, 34); // no next IFD
  tiff.writeUInt16BE(2, 38); // GPS IFD: two entries
  tiff.writeUInt16BE(0x0001, 40); // GPSLatitudeRef 'S'
  tiff.writeUInt16BE(2, 42);
  tiff.writeUInt32BE(2, 44);
  tiff.write('S\0', 48, 'latin1');
  tiff.writeUInt16BE(0x0003, 52); // GPSLongitudeRef 'E'
  tiff.writeUInt16BE(2, 54);
  tiff.writeUInt32BE(2, 56);
  tiff.write('E\0', 60, 'latin1');
  tiff.writeUInt32BE(0, 64);
  tiff.write('GPS-MARKER-33.9S-18.4E', 68, 'latin1');
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([header, body]);
}

function withExif(jpeg: Buffer): Buffer {
  return Buffer.concat([jpeg.subarray(0, 2), exifSegment(), jpeg.subarray(2)]);
}

function pageImage(doc: PDFDocument, index: number) {
  const xobjects = doc.getPage(index).node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
  const image = xobjects.lookup(PDFName.of('Im0'));
  if (!(image instanceof PDFRawStream)) throw new Error(`page ${index + 1} has no image`);
  const number = (key: string) => image.dict.lookup(PDFName.of(key), PDFNumber).asNumber();
  return {
    width: number('Width'),
    height: number('Height'),
    bytes: Buffer.from(image.contents),
  };
}

/** A new practice's wizard with the scan dialog of `label`'s card open. */
async function openScan(page: Page, label: string) {
  await page.goto('/');
  await choosePracticeType(page, 'New Practice');
  await showPage(page, 'Documents');
  const card = section(page, label);
  await card.getByRole('button', { name: `Upload ${label}` }).click();
  await card.getByRole('button', { name: 'Scan pages' }).click();
  return { card, dialog: page.getByRole('dialog', { name: `Scan pages: ${label}` }) };
}

test('scan three pages, reorder, rotate, delete, crop, and staff download the PDF', async ({
  page,
  browser,
  baseURL,
}) => {
  const { card, dialog } = await openScan(page, 'Certified ID Copy');
  await expect(dialog).toBeVisible();
  const camera = dialog.locator('input[type="file"][capture="environment"]');
  await expect(camera).toHaveAttribute('accept', 'image/*');
  const rows = dialog.getByRole('grid', { name: 'Scanned pages' }).getByRole('row');

  // A: landscape, red. B: stored 1400 × 900 with EXIF "turn to portrait" and GPS, green.
  // C: portrait, blue.
  const pictures = [
    { name: 'a.jpg', buffer: await colourJpeg(page, 1600, 900, '#c00000') },
    { name: 'b.jpg', buffer: withExif(await colourJpeg(page, 1400, 900, '#00a000')) },
    { name: 'c.jpg', buffer: await colourJpeg(page, 800, 1100, '#0000c0') },
  ];
  expect(pictures[1]!.buffer.includes('GPS-MARKER')).toBe(true);
  for (const [i, picture] of pictures.entries()) {
    await camera.setInputFiles({ ...picture, mimeType: 'image/jpeg' });
    await expect(rows).toHaveCount(i + 1, { timeout: 20_000 });
  }
  await expect(dialog.getByRole('status').filter({ hasText: 'Page 3 added' })).toBeAttached();

  // Reorder with the buttons: C to the front (C, A, B).
  await dialog.getByRole('button', { name: 'Move page 3 up' }).click();
  await dialog.getByRole('button', { name: 'Move page 2 up' }).click();
  await expect(dialog.getByRole('button', { name: 'Move page 1 up' })).toBeDisabled();
  // Turn C (now page 1) to landscape; delete A (page 2): C, B.
  await dialog.getByRole('button', { name: 'Rotate page 1' }).click();
  await expect(rows.first()).toContainText('turned 90°');
  await dialog.getByRole('button', { name: 'Delete page 2' }).click();
  await expect(rows).toHaveCount(2);

  // Crop B: the top-left corner with the keyboard, the bottom-right one dragged.
  await dialog.getByRole('button', { name: 'Crop page 2' }).click();
  const topLeft = dialog.getByRole('button', { name: /^Top-left corner/ });
  await topLeft.focus();
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
  for (let i = 0; i < 2; i++) await page.keyboard.press('Shift+ArrowDown');
  await expect(topLeft).toHaveAccessibleName(/10% from the left, 10% from the top/);
  const bottomRight = dialog.getByRole('button', { name: /^Bottom-right corner/ });
  const box = (await dialog.locator('[data-corner="0"]').locator('..').boundingBox())!;
  const handle = (await bottomRight.boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.9, box.y + box.height * 0.9, { steps: 5 });
  await page.mouse.up();
  await expect(bottomRight).toHaveAccessibleName(/90% from the left, 90% from the top/);
  await dialog.getByRole('button', { name: 'Apply crop to page 2' }).click();

  // The pages in progress survive a reload.
  await dialog.getByRole('button', { name: 'Close and keep pages' }).click();
  await page.reload();
  await card.getByRole('button', { name: 'Upload Certified ID Copy' }).click();
  await card.getByRole('button', { name: 'Continue scan (2 pages)' }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('turned 90°');

  await dialog.getByRole('button', { name: 'Done: make PDF of 2 pages' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(card.getByText('certified_id-scan-2-pages.pdf')).toBeVisible();
  await expectUploaded(page, 'Certified ID Copy');
  await expect(card.getByRole('button', { name: 'Continue scan (2 pages)' })).toHaveCount(0);

  // The rest of the application, then submit.
  await fillContact(page, { ...PRACTITIONER, idNumber: '', email: 'scan.pages@example.co.za' });
  await chooseScheme(page, 'Bestmed');
  for (const label of [
    'Proof of Address',
    'HPCSA Registration Certificate',
    'Practice Number',
    'Professional Indemnity Cover',
    'Proof of Banking Details',
  ]) {
    await attach(page, label, { name: 'doc.pdf', mimeType: 'application/pdf', buffer: makePdf() });
    await expectUploaded(page, label);
  }
  const token = await submitForToken(page);
  const view = (await (
    await page.request.get(`/api/submissions/${token}`)
  ).json()) as TrackingResponse;
  const scanned = view.documents.find((d) => d.fileName === 'certified_id-scan-2-pages.pdf');
  expect(scanned?.sectionKey).toBe('certified_id');

  // Staff download it from the review page.
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const staff = await context.newPage();
  await signIn(staff, baseURL!);
  await staff.goto(`/dashboard/submissions/${view.submission.id}`);
  const row = staff
    .getByRole('region', { name: /Documents/ })
    .getByRole('listitem', { name: 'certified_id-scan-2-pages.pdf' });
  const download = staff.waitForEvent('download');
  await row.getByRole('button', { name: /^Download/ }).click();
  const path = await (await download).path();
  const { readFile } = await import('node:fs/promises');
  const bytes = await readFile(path);
  await context.close();

  const doc = await PDFDocument.load(bytes, { throwOnInvalidObject: true });
  expect(doc.getPageCount()).toBe(2);
  const [first, second] = doc.getPages().map((p) => p.getSize());
  // Page 1 is C turned to landscape; page 2 is B, upright by its EXIF, cropped.
  expect(first!.width).toBeGreaterThan(first!.height);
  expect(second!.height).toBeGreaterThan(second!.width);
  expect(pageImage(doc, 0)).toMatchObject({ width: 1100, height: 800 });
  const b = pageImage(doc, 1);
  // 900 × 1400 with the corners moved 10 % in from top-left and bottom-right: about 822 × 1263.
  expect(b.width).toBeGreaterThan(800);
  expect(b.width).toBeLessThan(850);
  expect(b.height).toBeGreaterThan(1240);
  expect(b.height).toBeLessThan(1290);
  // Re-encoded through a canvas: no EXIF block, no GPS position reaches the PDF.
  for (const image of [pageImage(doc, 0), b]) {
    expect(image.bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(image.bytes.includes('Exif')).toBe(false);
  }
  expect(bytes.includes('GPS-MARKER')).toBe(false);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the scan dialog in the ${theme} theme: accessible, 44 px targets, unreadable pictures and Discard`, async ({
    page,
  }) => {
    await useTheme(page, theme);
    await page.goto('/');
    await choosePracticeType(page, 'Established Practice');
    await showPage(page, 'Documents');
    // The BHF form takes PDFs too; every section here does, so each uploader offers Scan.
    const card = section(page, 'Proof of Banking Details');
    await card.getByRole('button', { name: 'Upload Proof of Banking Details' }).click();
    await card.getByRole('button', { name: 'Scan pages' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan pages: Proof of Banking Details' });
    const camera = dialog.locator('input[capture="environment"]');
    await camera.setInputFiles({
      name: 'broken.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('not a picture'),
    });
    await expect(dialog.getByText(/This picture could not be read/)).toBeVisible({
      timeout: 20_000,
    });
    await camera.setInputFiles({
      name: 'page.jpg',
      mimeType: 'image/jpeg',
      buffer: await colourJpeg(page, 1000, 1400, '#444444'),
    });
    await expect(dialog.getByRole('row')).toHaveCount(1, { timeout: 20_000 });
    // The page's buttons stay disabled until the picture is processed; measured before they
    // are enabled, a button easing from its disabled colours read 1.48:1 in CI.
    await expect(dialog.getByRole('button', { name: 'Crop page 1' })).toBeEnabled();
    await expectNoSeriousAxeViolations(page, {
      what: `page list, ${theme}`,
      include: '[role="dialog"]',
    });
    for (const button of await dialog.getByRole('button').all()) {
      if (!(await button.isVisible())) continue;
      const box = (await button.boundingBox())!;
      const name = (await button.getAttribute('aria-label')) ?? (await button.textContent());
      expect(Math.min(box.width, box.height), `${name} is at least 44 px`).toBeGreaterThanOrEqual(
        44,
      );
    }
    await dialog.getByRole('button', { name: 'Crop page 1' }).click();
    await expectNoSeriousAxeViolations(page, {
      what: `crop view, ${theme}`,
      include: '[role="dialog"]',
    });
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await dialog.getByRole('button', { name: 'Discard scan' }).click();
    await dialog.getByRole('button', { name: 'Delete all pages' }).click();
    await expect(dialog.getByText('No pages yet.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close and keep pages' }).click();
    await page.reload();
    await card.getByRole('button', { name: 'Upload Proof of Banking Details' }).click();
    await expect(card.getByRole('button', { name: 'Scan pages' })).toBeVisible();
  });
}

test('pages reorder by dragging: with the keyboard drag mode, and with a pointer', async ({
  page,
}) => {
  const { dialog } = await openScan(page, 'Proof of Address');
  const camera = dialog.locator('input[capture="environment"]');
  const rows = dialog.getByRole('grid', { name: 'Scanned pages' }).getByRole('row');
  for (const [i, colour] of ['#aa0000', '#00aa00', '#0000aa'].entries()) {
    await camera.setInputFiles({
      name: `p${i}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await colourJpeg(page, 600, 800, colour),
    });
    await expect(rows).toHaveCount(i + 1, { timeout: 20_000 });
  }
  // Mark page 1 by turning it, then drag it below page 3 with the keyboard's drag mode.
  await dialog.getByRole('button', { name: 'Rotate page 1' }).click();
  await expect(rows.nth(0)).toContainText('turned 90°');
  await dialog.getByRole('button', { name: 'Drag page 1 to reorder' }).focus();
  // Enter picks it up; the drop positions come one per arrow: between 1 and 2, then
  // between 2 and 3, then after 3.
  await page.keyboard.press('Enter');
  await expect(page.locator(':focus')).toHaveAttribute(
    'aria-label',
    'Insert between Page 1 and Page 2',
  );
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator(':focus')).toHaveAttribute('aria-label', 'Insert after Page 3');
  await page.keyboard.press('Enter');
  await expect(rows.nth(2)).toContainText('turned 90°');
  await expect(rows.nth(0)).not.toContainText('turned');
  await expect(
    dialog.getByRole('status').filter({ hasText: 'Page 1 moved to position 3' }),
  ).toBeAttached();

  // With a finger or mouse the row itself is dragged (pressing on its grip): page 3 to the top.
  await rows.nth(2).dragTo(rows.nth(0), {
    sourcePosition: { x: 30, y: 30 },
    targetPosition: { x: 30, y: 4 },
  });
  await expect(rows.nth(0)).toContainText('turned 90°');
});

/**
 * A phone photo of a sheet lying turned on a darker desk: 1600 × 1200, the sheet 760 × 1000
 * turned 0.06 rad about the centre, with lines of print. Returns the JPEG and the sheet's
 * corners as fractions of the picture (top-left, top-right, bottom-right, bottom-left).
 */
async function sheetOnDesk(page: Page) {
  const [w, h, sw, sh, angle] = [1600, 1200, 760, 1000, 0.06];
  const base64 = await page.evaluate(
    async ([w, h, sw, sh, angle]) => {
      const canvas = new OffscreenCanvas(w, h);
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#5a4632';
      ctx.fillRect(0, 0, w, h);
      ctx.translate(w / 2, h / 2);
      ctx.rotate(angle);
      ctx.fillStyle = '#f4f2ec';
      ctx.fillRect(-sw / 2, -sh / 2, sw, sh);
      ctx.fillStyle = '#222222';
      ctx.font = '22px sans-serif';
      for (let y = -sh / 2 + 90; y < sh / 2 - 60; y += 36)
        ctx.fillText('Confirmation of banking details, account and branch', -sw / 2 + 60, y);
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) {
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      }
      return btoa(binary);
    },
    [w, h, sw, sh, angle] as const,
  );
  const corners = [
    [-sw / 2, -sh / 2],
    [sw / 2, -sh / 2],
    [sw / 2, sh / 2],
    [-sw / 2, sh / 2],
  ].map(([x, y]) => ({
    x: (w / 2 + x! * Math.cos(angle) - y! * Math.sin(angle)) / w,
    y: (h / 2 + x! * Math.sin(angle) + y! * Math.cos(angle)) / h,
  }));
  return { jpeg: Buffer.from(base64, 'base64'), corners };
}

test('a sheet photographed on a darker desk starts cropped to the paper; the whole picture stays one tap away', async ({
  page,
}) => {
  const { dialog } = await openScan(page, 'Proof of Address');
  const { jpeg, corners } = await sheetOnDesk(page);
  await dialog
    .locator('input[capture="environment"]')
    .setInputFiles({ name: 'sheet.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  const row = dialog.getByRole('row');
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await expect(row).toContainText('Page 1 · cropped');

  await dialog.getByRole('button', { name: 'Crop page 1' }).click();
  const names = ['Top-left', 'Top-right', 'Bottom-right', 'Bottom-left'];
  const handles = names.map((name) =>
    dialog.getByRole('button', { name: new RegExp(`^${name} corner`) }),
  );
  const placed = async () =>
    Promise.all(
      handles.map(async (handle) => {
        const label = (await handle.getAttribute('aria-label'))!;
        const [, x, y] = /(\d+)% from the left, (\d+)% from the top/.exec(label)!;
        return { x: Number(x) / 100, y: Number(y) / 100 };
      }),
    );
  // Each corner on the sheet's own corner, within 2 % of the picture (labels round to 1 %).
  await expect(handles[0]!).toBeVisible();
  for (const [i, corner] of (await placed()).entries()) {
    expect(Math.abs(corner.x - corners[i]!.x), `${names[i]} x`).toBeLessThanOrEqual(0.02);
    expect(Math.abs(corner.y - corners[i]!.y), `${names[i]} y`).toBeLessThanOrEqual(0.02);
  }

  // The whole picture is one labelled tap away.
  await dialog.getByRole('button', { name: 'Use the whole picture' }).click();
  await expect(handles[0]!).toHaveAccessibleName(/0% from the left, 0% from the top/);
  await expect(handles[2]!).toHaveAccessibleName(/100% from the left, 100% from the top/);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  // Cancel keeps the found corners.
  await dialog.getByRole('button', { name: 'Crop page 1' }).click();
  const topLeft = `${Math.round(corners[0]!.x * 100)}% from the left`;
  await expect(handles[0]!).toHaveAccessibleName(new RegExp(`^Top-left corner, ${topLeft}`));
  // Applying the whole picture takes the crop away.
  await dialog.getByRole('button', { name: 'Use the whole picture' }).click();
  await dialog.getByRole('button', { name: 'Apply crop to page 1' }).click();
  await expect(row).toHaveCount(1);
  await expect(row).not.toContainText('cropped');
  // The sheet found is still known: one tap puts the corners back on it.
  await dialog.getByRole('button', { name: 'Crop page 1' }).click();
  await expect(handles[0]!).toHaveAccessibleName(/^Top-left corner, 0% from the left/);
  await dialog.getByRole('button', { name: 'Use the page found' }).click();
  await expect(handles[0]!).toHaveAccessibleName(new RegExp(`^Top-left corner, ${topLeft}`));
  await dialog.getByRole('button', { name: 'Apply crop to page 1' }).click();
  await expect(row).toContainText('Page 1 · cropped');
});
