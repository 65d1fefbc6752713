// What a section accepts (docs/product.md#validation): PDF, JPG, PNG (plus DOC/DOCX for the BHF
// form), at most
// 100 MB a file, at most 50 files in pack sections and 10 elsewhere. Unlike the original,
// every refusal is shown to the practitioner.
import {
  type DocumentSection,
  MAX_FILE_BYTES,
  maxFilesFor,
  mimeTypesFor,
} from '../../../schema/sections.ts';

export type FileCheck =
  | { ok: true; file: File; type: string; compress: boolean; heic: boolean }
  | { ok: false; message: string };

const EXTENSION_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export function isHeic(type: string, name: string): boolean {
  return /^image\/hei[cf]/i.test(type) || /\.hei[cf]$/i.test(name);
}

/** "PDF, JPG, PNG" — the rules line of a card. */
export function typesLine(section: Pick<DocumentSection, 'types'>): string {
  return section.types.map((t) => t.toUpperCase()).join(', ');
}

/** The accept attribute of the browse input. */
export function acceptAttribute(section: Pick<DocumentSection, 'types'>): string {
  const extensions = section.types.flatMap((t) => (t === 'jpg' ? ['.jpg', '.jpeg'] : [`.${t}`]));
  return [...mimeTypesFor(section), ...extensions].join(',');
}

function resolvedType(file: File): string {
  if (file.type) return file.type === 'image/jpg' ? 'image/jpeg' : file.type;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return EXTENSION_TYPES[extension] ?? '';
}

export function checkFile(section: DocumentSection, file: File): FileCheck {
  const name = file.name || 'This file';
  // HEIC is converted to JPEG on the device when the browser can decode it (checked by the
  // caller), so its own type is not in the section's list; the size rules apply all the same.
  const heic = isHeic(file.type, file.name);
  const type = heic ? 'image/heic' : resolvedType(file);
  if (!heic && !mimeTypesFor(section).includes(type)) {
    return {
      ok: false,
      message: `"${name}" cannot be used here: only ${typesLine(section)} files are accepted.`,
    };
  }
  if (file.size > MAX_FILE_BYTES) {
    return { ok: false, message: `"${name}" is larger than the 100 MB limit.` };
  }
  if (file.size === 0) return { ok: false, message: `"${name}" is empty.` };
  const compress = heic || type === 'image/jpeg' || type === 'image/png';
  return { ok: true, file, type, compress, heic };
}

/** Splits a pick into what fits the section's file limit and the messages for the rest. */
export function checkFiles(
  section: DocumentSection,
  existingCount: number,
  files: readonly File[],
  /** A replacement takes one file; a wizard section takes its limit from the product rules. */
  max: number = maxFilesFor(section.key),
): { accepted: Extract<FileCheck, { ok: true }>[]; problems: string[] } {
  const accepted: Extract<FileCheck, { ok: true }>[] = [];
  const problems: string[] = [];
  let skipped = 0;
  for (const file of files) {
    const check = checkFile(section, file);
    if (!check.ok) {
      problems.push(check.message);
    } else if (existingCount + accepted.length >= max) {
      skipped += 1;
    } else {
      accepted.push(check);
    }
  }
  if (skipped > 0) {
    problems.push(
      `Cannot add more files: this section takes at most ${max} ${max === 1 ? 'file' : 'files'} (${skipped} not added).`,
    );
  }
  return { accepted, problems };
}

export const HEIC_REFUSED =
  'iPhone HEIC photos cannot be read by this browser. Use the camera option here, or set your iPhone to Settings > Camera > Formats > Most Compatible and choose the photo again.';
