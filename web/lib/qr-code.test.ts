// The QR encoder against a code a real decoder read (zbarimg decoded 'hello' from this
// matrix, and otpauth URIs, 60 and 200 bytes from its output, every mask), plus the parts of
// the standard any reader relies on.
import { describe, expect, it } from 'vitest';
import { qrCode } from './qr-code.ts';

const HELLO = [
  '#######..##...#######',
  '#.....#..##...#.....#',
  '#.###.#..#..#.#.###.#',
  '#.###.#...##..#.###.#',
  '#.###.#..##.#.#.###.#',
  '#.....#.#..##.#.....#',
  '#######.#.#.#.#######',
  '...........##........',
  '#..#.##.##...#.#.....',
  '..#.##....#...#....##',
  '...##.####..##...##.#',
  '###.##..#..#.....#.##',
  '.##.#.##..#.#.#.#....',
  '........##.#...##.#.#',
  '#######...#..#.#.###.',
  '#.....#.#.####.##....',
  '#.###.#....#..###...#',
  '#.###.#.##.#...#.####',
  '#.###.#..##.#...#.#.#',
  '#.....#..##..##......',
  '#######.#####..#.#.#.',
];

const picture = (modules: boolean[][]) =>
  modules.map((row) => row.map((d) => (d ? '#' : '.')).join(''));

/** The 15 format bits around the top-left finder, as the standard reads them. */
function formatBits(m: boolean[][]): number {
  let bits = 0;
  const at = (x: number, y: number) => (m[y]![x] ? 1 : 0);
  for (let i = 0; i <= 5; i++) bits |= at(8, i) << i;
  bits |= at(8, 7) << 6;
  bits |= at(8, 8) << 7;
  bits |= at(7, 8) << 8;
  for (let i = 9; i < 15; i++) bits |= at(14 - i, 8) << i;
  return bits ^ 0x5412;
}

describe('qrCode', () => {
  it('draws the code a decoder reads as hello', () => {
    expect(picture(qrCode('hello'))).toEqual(HELLO);
  });

  it('grows with the text, up to version 10 (213 bytes at level M)', () => {
    expect(qrCode('hello')).toHaveLength(21);
    const uri = `otpauth://totp/Medical%20Billing%20Bureau:staff%40bureau.co.za?issuer=Medical%20Billing%20Bureau&secret=${'A'.repeat(32)}&algorithm=SHA1&digits=6&period=30`;
    // 167 bytes: version 9 (182 data codewords at level M).
    expect(qrCode(uri)).toHaveLength(4 * 9 + 17);
    expect(qrCode('x'.repeat(213))).toHaveLength(57);
    expect(() => qrCode('x'.repeat(214))).toThrow('Too long');
  });

  it('keeps the finder patterns and a format word with level M and the mask used', () => {
    for (const mask of [0, 5, 7]) {
      const m = qrCode('otpauth://totp/x?secret=JBSWY3DPEHPK3PXP', { mask });
      const size = m.length;
      for (const [x, y] of [
        [0, 0],
        [size - 7, 0],
        [0, size - 7],
      ] as const) {
        expect(picture(m.slice(y, y + 7).map((row) => row.slice(x, x + 7)))).toEqual([
          '#######',
          '#.....#',
          '#.###.#',
          '#.###.#',
          '#.###.#',
          '#.....#',
          '#######',
        ]);
      }
      // Level M is 00; the mask number follows.
      expect(formatBits(m) >>> 10).toBe(mask);
      expect(m[size - 8]![8]).toBe(true);
    }
  });
});
