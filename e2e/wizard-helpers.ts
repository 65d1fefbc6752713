// Shared steps of the wizard journeys: generated files and form filling.
import { deflateSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';

/** A small, valid one-page PDF. */
export function makePdf(text = 'Certified copy'): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R >>',
  ];
  const stream = `BT /F1 12 Tf 20 50 Td (${text}) Tj ET`;
  objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A small RGB PNG with a gradient (so it is a real image, not a blank). */
export function makePng(width = 64, height = 48): Buffer {
  const raw = Buffer.alloc(height * (width * 3 + 1));
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0;
    for (let x = 0; x < width; x++) {
      const i = y * (width * 3 + 1) + 1 + x * 3;
      raw[i] = (x * 4) & 255;
      raw[i + 1] = (y * 5) & 255;
      raw[i + 2] = 128;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG made by the browser's own encoder (a photo-like noisy gradient). */
export async function makeJpeg(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ([w, h]) => {
      const canvas = new OffscreenCanvas(w!, h!);
      const ctx = canvas.getContext('2d')!;
      const gradient = ctx.createLinearGradient(0, 0, w!, h!);
      gradient.addColorStop(0, '#0f766e');
      gradient.addColorStop(1, '#f59e0b');
      ctx.fillStyle = gradient;
      ctx.fillRect(0, 0, w!, h!);
      for (let i = 0; i < 400; i++) {
        ctx.fillStyle = `hsl(${(i * 37) % 360} 70% 50%)`;
        ctx.fillRect((i * 97) % w!, (i * 53) % h!, 40, 40);
      }
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.95 });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) {
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      }
      return btoa(binary);
    },
    [width, height],
  );
  return Buffer.from(base64, 'base64');
}

/** Width and height from a JPEG's start-of-frame marker. */
export function jpegSize(bytes: Buffer): { width: number; height: number } {
  let i = 2;
  while (i < bytes.length) {
    if (bytes[i] !== 0xff) throw new Error('not a JPEG');
    const marker = bytes[i + 1]!;
    const length = bytes.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
    }
    i += 2 + length;
  }
  throw new Error('no frame header');
}

export const PRACTITIONER = {
  firstName: 'Thandi',
  lastName: 'Mokoena',
  idNumber: '8001015009087',
  email: 'thandi.mokoena@example.co.za',
  phone: '082 123 4567',
  specialization: 'General Practitioner',
};

/** The wizard's pages as its list of pages names them (web/features/wizard/wizard-pages.ts). */
export type WizardPageName =
  | 'Practice type'
  | 'Contact information'
  | 'Practice details'
  | 'Medical aid schemes'
  | 'Contract preferences'
  | 'Additional preferences'
  | 'Documents'
  | 'Notes and consent'
  | 'Check your answers';

/** The pages of an established practice's wizard, in order. */
export const ESTABLISHED_PAGES: WizardPageName[] = [
  'Practice type',
  'Contact information',
  'Practice details',
  'Medical aid schemes',
  'Contract preferences',
  'Documents',
  'Notes and consent',
  'Check your answers',
];

/** Opens a page of the wizard through its list of pages ('Page N of M'), unless it is shown. */
export async function showPage(page: Page, name: WizardPageName) {
  const pages = page.getByRole('navigation', { name: 'Application pages' });
  const current = pages.locator('[aria-current="step"]');
  await expect(current).toHaveCount(1);
  if ((await current.textContent())?.endsWith(name)) return;
  await pages.locator('summary').click();
  await pages.getByRole('link', { name: new RegExp(`^\\d+\\. ${name}$`) }).click();
  await expect(current).toHaveText(new RegExp(`${name}$`));
}

/** Goes on from the page shown with Continue (its problems must be fixed). */
export async function continueTo(page: Page, name: WizardPageName) {
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(
    page.getByRole('navigation', { name: 'Application pages' }).locator('[aria-current="step"]'),
  ).toHaveText(new RegExp(`${name}$`));
}

export async function choosePracticeType(
  page: Page,
  type: 'Established Practice' | 'New Practice',
) {
  await showPage(page, 'Practice type');
  await page.getByRole('radio', { name: new RegExp(type) }).check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Step 2: Contact Information' })).toBeVisible();
}

/** Ticks a scheme or administrator on the schemes page. */
export async function chooseScheme(page: Page, name: string) {
  await showPage(page, 'Medical aid schemes');
  await page.getByRole('checkbox', { name, exact: true }).check();
}

/** Ticks the POPIA consent on the notes and consent page. */
export async function acceptTerms(page: Page) {
  await showPage(page, 'Notes and consent');
  await page.getByRole('checkbox', { name: /I have read and accept/ }).check();
}

/** Opens the sticky footer's details (one line on a phone until tapped). */
export async function openFooter(page: Page) {
  const toggle = page
    .getByRole('region', { name: 'Application status' })
    .locator('button[aria-expanded="false"]');
  if (await toggle.isVisible()) await toggle.click();
}

export async function fillContact(page: Page, values = PRACTITIONER) {
  await showPage(page, 'Contact information');
  await page.getByLabel('First Name').fill(values.firstName);
  await page.getByLabel('Last Name').fill(values.lastName);
  await page.getByLabel('SA ID Number').fill(values.idNumber);
  await page.getByLabel('Email').fill(values.email);
  await page.getByLabel('Phone').fill(values.phone);
  await page.getByLabel('Specialization').fill(values.specialization);
}

export async function fillPracticeDetails(page: Page) {
  await showPage(page, 'Practice details');
  await page.getByLabel('Practice Number (PCNS)').fill('1234567');
  await page.getByLabel('HPCSA Registration Number').fill('MP0123456');
}

export function section(page: Page, label: string) {
  return page.getByRole('region', { name: label, exact: true });
}

export async function attach(
  page: Page,
  label: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  await showPage(page, 'Documents');
  await section(page, label).locator('input[type="file"]:not([capture])').setInputFiles(file);
}

export async function expectUploaded(page: Page, label: string) {
  await showPage(page, 'Documents');
  await expect(
    section(page, label).getByText('All files for this section are uploaded.'),
  ).toBeVisible({
    timeout: 30_000,
  });
}

export async function toastSays(page: Page, title: string, description?: string) {
  const region = page.getByRole('region', { name: /Notifications/ });
  await expect(region.getByText(title, { exact: true })).toBeVisible();
  if (description) await expect(region.getByText(description, { exact: true })).toBeVisible();
}

export async function closeToast(page: Page) {
  await page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('button', { name: 'Close' })
    .click();
}

export async function draftSaved(page: Page) {
  await expect(page.getByText('Draft saved on this device.')).toBeVisible();
}
