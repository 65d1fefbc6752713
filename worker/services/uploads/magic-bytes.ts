// What a file really is, from its first bytes, whatever its name or declared type says.
export type DetectedKind = 'pdf' | 'jpeg' | 'png' | 'doc' | 'docx';

export const MIME_OF_KIND: Record<DetectedKind, string> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** How many leading bytes detectFileKind needs. */
export const MAGIC_BYTES_LENGTH = 1024;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  signature.every((b, i) => bytes[offset + i] === b);

export function detectFileKind(bytes: Uint8Array): DetectedKind | null {
  // %PDF- may follow a little junk; readers accept it within the first 1024 bytes.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, MAGIC_BYTES_LENGTH));
  if (head.indexOf('%PDF-') !== -1) return 'pdf';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // OLE2 compound file: legacy Word .doc.
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc';
  // A ZIP whose entries include word/ or [Content_Types].xml: Office Open XML (.docx).
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) && /\[Content_Types\]\.xml|word\//.test(head))
    return 'docx';
  return null;
}

/** Whether the bytes are what the declared MIME type claims. */
export function bytesMatchType(bytes: Uint8Array, mimeType: string): boolean {
  const kind = detectFileKind(bytes);
  return kind !== null && MIME_OF_KIND[kind] === mimeType;
}
