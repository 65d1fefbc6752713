import { describe, expect, it } from 'vitest';
import { bytesMatchType, detectFileKind } from './magic-bytes.ts';

const enc = (s: string) => new TextEncoder().encode(s);

describe('magic bytes', () => {
  it('recognises the accepted kinds', () => {
    expect(detectFileKind(enc('%PDF-1.7\n'))).toBe('pdf');
    expect(detectFileKind(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('jpeg');
    expect(
      detectFileKind(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])),
    ).toBe('png');
    expect(detectFileKind(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe(
      'doc',
    );
    const docx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...enc('....[Content_Types].xml')]);
    expect(detectFileKind(docx)).toBe('docx');
  });
  it('refuses anything else, and a type that does not match the bytes', () => {
    expect(detectFileKind(enc('<html><script>'))).toBeNull();
    expect(detectFileKind(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2]))).toBeNull();
    expect(bytesMatchType(enc('%PDF-1.4'), 'image/png')).toBe(false);
    expect(bytesMatchType(enc('%PDF-1.4'), 'application/pdf')).toBe(true);
  });
});
