import { describe, expect, it } from 'vitest';
import { establishedSections, findSection } from '../../../schema/sections.ts';
import { acceptAttribute, checkFile, checkFiles, typesLine } from './file-checks.ts';

const certifiedId = findSection('established', 'certified_id')!;
const bhfForm = findSection('established', 'bhf_form')!;
const discoveryPack = establishedSections.find((s) => s.key === 'discovery_pack')!;
const file = (name: string, type: string, size = 10) =>
  new File([new Uint8Array(size)], name, { type });

describe('file checks', () => {
  it('accepts PDF, JPG and PNG and compresses only images', () => {
    expect(checkFile(certifiedId, file('id.pdf', 'application/pdf'))).toMatchObject({
      ok: true,
      compress: false,
    });
    expect(checkFile(certifiedId, file('id.jpg', 'image/jpeg'))).toMatchObject({
      ok: true,
      compress: true,
    });
    expect(checkFile(certifiedId, file('id.png', ''))).toMatchObject({
      ok: true,
      type: 'image/png',
    });
  });

  it('refuses other types with a message naming the file and the allowed types', () => {
    expect(checkFile(certifiedId, file('id.docx', 'application/msword'))).toEqual({
      ok: false,
      message: '"id.docx" cannot be used here: only PDF, JPG, PNG files are accepted.',
    });
    expect(checkFile(bhfForm, file('form.doc', 'application/msword'))).toMatchObject({
      ok: true,
    });
    expect(typesLine(bhfForm)).toBe('PDF, JPG, PNG, DOC, DOCX');
    expect(acceptAttribute(certifiedId)).toContain('.jpeg');
  });

  it('refuses empty files and files over 100 MB', () => {
    expect(checkFile(certifiedId, file('e.pdf', 'application/pdf', 0))).toMatchObject({
      ok: false,
    });
    const big = file('big.pdf', 'application/pdf');
    Object.defineProperty(big, 'size', { value: 104_857_601 });
    expect(checkFile(certifiedId, big)).toEqual({
      ok: false,
      message: '"big.pdf" is larger than the 100 MB limit.',
    });
  });

  it('marks HEIC for conversion on the device', () => {
    expect(checkFile(certifiedId, file('IMG_0001.HEIC', ''))).toMatchObject({
      ok: true,
      type: 'image/heic',
      compress: true,
      heic: true,
    });
  });

  it('refuses empty HEIC files and HEIC files over 100 MB too', () => {
    expect(checkFile(certifiedId, file('IMG_0002.HEIC', 'image/heic', 0))).toEqual({
      ok: false,
      message: '"IMG_0002.HEIC" is empty.',
    });
    const big = file('IMG_0003.heic', 'image/heic');
    Object.defineProperty(big, 'size', { value: 104_857_601 });
    expect(checkFile(certifiedId, big)).toEqual({
      ok: false,
      message: '"IMG_0003.heic" is larger than the 100 MB limit.',
    });
  });

  it('stops at 10 files, or 50 in pack sections', () => {
    const picks = Array.from({ length: 4 }, (_, i) => file(`p${i}.pdf`, 'application/pdf'));
    const result = checkFiles(certifiedId, 8, picks);
    expect(result.accepted).toHaveLength(2);
    expect(result.problems).toEqual([
      'Cannot add more files: this section takes at most 10 files (2 not added).',
    ]);
    expect(checkFiles(discoveryPack, 48, picks).accepted).toHaveLength(2);
  });

  it('takes one file for a replacement, and says so in the singular', () => {
    const picks = [file('a.pdf', 'application/pdf'), file('b.pdf', 'application/pdf')];
    const result = checkFiles(certifiedId, 0, picks, 1);
    expect(result.accepted.map((c) => c.file.name)).toEqual(['a.pdf']);
    expect(result.problems).toEqual([
      'Cannot add more files: this section takes at most 1 file (1 not added).',
    ]);
  });
});
