import { describe, expect, it } from 'vitest';
import {
  addRefusal,
  MAX_SCAN_PAGES,
  type PageList,
  pageListReducer,
  type ScanPage,
  scanFileName,
  sizeWarning,
  turnCorners,
  turnedSize,
  WHOLE_PAGE,
} from './page-list.ts';

const page = (id: string, extra: Partial<ScanPage> = {}): ScanPage => ({
  id,
  width: 1200,
  height: 1600,
  size: 500_000,
  rotation: 0,
  corners: WHOLE_PAGE,
  ...extra,
});
const ids = (pages: PageList) => pages.map((p) => p.id);
const run = (pages: PageList, ...actions: Parameters<typeof pageListReducer>[1][]) =>
  actions.reduce(pageListReducer, pages);

describe('pageListReducer', () => {
  it('adds pages in the order taken, up to 50', () => {
    const three = run(
      [],
      ...['a', 'b', 'c'].map((id) => ({ type: 'add' as const, page: page(id) })),
    );
    expect(ids(three)).toEqual(['a', 'b', 'c']);
    const full = Array.from({ length: MAX_SCAN_PAGES }, (_, i) => page(`p${i}`));
    expect(pageListReducer(full, { type: 'add', page: page('one-too-many') })).toBe(full);
    expect(addRefusal(full)).toMatch(/at most 50 pages/);
    expect(addRefusal(three)).toBeNull();
  });

  it('moves a page up, down, to the ends, and not past them', () => {
    const pages = ['a', 'b', 'c', 'd'].map((id) => page(id));
    expect(ids(run(pages, { type: 'move', id: 'c', to: 1 }))).toEqual(['a', 'c', 'b', 'd']);
    expect(ids(run(pages, { type: 'move', id: 'a', to: 1 }))).toEqual(['b', 'a', 'c', 'd']);
    expect(ids(run(pages, { type: 'move', id: 'b', to: 3 }))).toEqual(['a', 'c', 'd', 'b']);
    expect(ids(run(pages, { type: 'move', id: 'a', to: -1 }))).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(run(pages, { type: 'move', id: 'd', to: 9 }))).toEqual(['a', 'b', 'c', 'd']);
    expect(run(pages, { type: 'move', id: 'missing', to: 0 })).toBe(pages);
  });

  it('turns a page a quarter clockwise, its size and crop corners with it', () => {
    const cropped = page('a', {
      corners: [
        { x: 0.1, y: 0.2 },
        { x: 0.9, y: 0.2 },
        { x: 0.9, y: 0.8 },
        { x: 0.1, y: 0.8 },
      ],
    });
    const once = run([cropped], { type: 'rotate', id: 'a' })[0]!;
    expect(once.rotation).toBe(90);
    expect(turnedSize(once)).toEqual({ width: 1600, height: 1200 });
    // The old bottom-left (0.1, 0.8) is now top-left at (1 - 0.8, 0.1).
    expect(once.corners[0].x).toBeCloseTo(0.2);
    expect(once.corners[0].y).toBeCloseTo(0.1);
    const full = run([cropped], ...Array(4).fill({ type: 'rotate', id: 'a' }))[0]!;
    expect(full.rotation).toBe(0);
    full.corners.forEach((p, i) => {
      expect(p.x).toBeCloseTo(cropped.corners[i]!.x);
      expect(p.y).toBeCloseTo(cropped.corners[i]!.y);
    });
    expect(turnCorners(WHOLE_PAGE)).toEqual(WHOLE_PAGE);
  });

  it('turns the sheet found with the page, so going back to it after a turn still fits', () => {
    const sheet: ScanPage['corners'] = [
      { x: 0.1, y: 0.2 },
      { x: 0.9, y: 0.25 },
      { x: 0.85, y: 0.8 },
      { x: 0.12, y: 0.78 },
    ];
    const found = page('a', { corners: sheet, paper: sheet });
    const whole = run([found], { type: 'crop', id: 'a', corners: WHOLE_PAGE })[0]!;
    expect(whole.paper).toEqual(sheet);
    const turned = run([whole], { type: 'rotate', id: 'a' })[0]!;
    expect(turned.corners).toEqual(WHOLE_PAGE);
    expect(turned.paper).toEqual(turnCorners(sheet));
    expect(run([page('b')], { type: 'rotate', id: 'b' })[0]).not.toHaveProperty('paper');
  });

  it('retakes a page in place with a fresh, unturned and uncropped picture', () => {
    const pages = run(
      ['a', 'b', 'c'].map((id) => page(id)),
      { type: 'rotate', id: 'b' },
      {
        type: 'crop',
        id: 'b',
        corners: [{ x: 0.1, y: 0.1 }, WHOLE_PAGE[1], WHOLE_PAGE[2], WHOLE_PAGE[3]],
      },
      { type: 'retake', id: 'b', page: page('b2', { width: 900 }) },
    );
    expect(ids(pages)).toEqual(['a', 'b2', 'c']);
    expect(pages[1]).toMatchObject({ rotation: 0, corners: WHOLE_PAGE, width: 900 });
  });

  it('deletes a page and keeps the others in order', () => {
    const pages = ['a', 'b', 'c'].map((id) => page(id));
    expect(ids(run(pages, { type: 'delete', id: 'b' }))).toEqual(['a', 'c']);
    expect(ids(run(pages, { type: 'delete', id: 'x' }))).toEqual(['a', 'b', 'c']);
  });
});

describe('size rules and the file name', () => {
  it('warns near 100 MB and refuses a page that would pass it', () => {
    const small = [page('a')];
    expect(sizeWarning(small)).toBeNull();
    const big = Array.from({ length: 9 }, (_, i) => page(`p${i}`, { size: 10 * 1024 * 1024 }));
    expect(sizeWarning(big)).toMatch(/about 90 MB, close to the 100 MB file limit/);
    expect(addRefusal(big, 5 * 1024 * 1024)).toBeNull();
    expect(addRefusal(big, 12 * 1024 * 1024)).toMatch(/past the 100 MB file limit/);
  });

  it('names the PDF after the section and its pages', () => {
    expect(scanFileName('certified_id', 3)).toBe('certified_id-scan-3-pages.pdf');
    expect(scanFileName('bank_proof', 1)).toBe('bank_proof-scan-1-page.pdf');
  });
});
