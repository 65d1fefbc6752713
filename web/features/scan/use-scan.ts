// The scan dialog's state: the page list (page-list.ts) restored from the device and saved
// back after every change, the pages' thumbnails, what the worker is busy with, and a
// sentence for screen readers after each change.
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { DeviceStorageFullError } from '../../lib/device-store.ts';
import type { Quad } from './homography.ts';
import { addRefusal, type PageList, pageListReducer } from './page-list.ts';
import { makeScanPdf, takePicture } from './scan-session.ts';
import { discardScan, forgetPictures, loadScan, readThumbnail, saveScan } from './scan-store.ts';

const NOT_KEPT = 'The scan could not be kept on this device. Please try again.';

const numberOf = (pages: PageList, id: string) => pages.findIndex((p) => p.id === id) + 1;

function problemOf(error: unknown): string {
  if (error instanceof DeviceStorageFullError) return error.message;
  return error instanceof Error && error.message ? error.message : NOT_KEPT;
}

/** Object URLs of the pages' thumbnails, made from the sealed copies and revoked when gone. */
function useThumbnails(pages: PageList): Record<string, string> {
  const [urls, setUrls] = useState<Record<string, string>>({});
  const made = useRef(new Map<string, string>());
  useEffect(() => {
    let live = true;
    const ids = new Set(pages.map((p) => p.id));
    for (const [id, url] of made.current) {
      if (ids.has(id)) continue;
      URL.revokeObjectURL(url);
      made.current.delete(id);
    }
    void (async () => {
      for (const page of pages) {
        if (made.current.has(page.id)) continue;
        const bytes = await readThumbnail(page.id);
        if (!live || !bytes) continue;
        made.current.set(page.id, URL.createObjectURL(new Blob([bytes], { type: 'image/jpeg' })));
      }
      if (live) setUrls(Object.fromEntries(made.current));
    })();
    return () => {
      live = false;
    };
  }, [pages]);
  useEffect(() => {
    const current = made.current;
    return () => {
      for (const url of current.values()) URL.revokeObjectURL(url);
      current.clear();
    };
  }, []);
  return urls;
}

/**
 * @param scope where the pages are kept on the device (scan-store.ts)
 * @param sectionKey names the PDF (certified_id-scan-3-pages.pdf)
 */
export function useScan(scope: string, sectionKey: string) {
  const [pages, dispatch] = useReducer(pageListReducer, []);
  const [loaded, setLoaded] = useState(false);
  const [working, setWorking] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const latest = useRef(pages);
  latest.current = pages;
  const saving = useRef<Promise<void>>(Promise.resolve());
  const thumbnails = useThumbnails(pages);

  useEffect(() => {
    let live = true;
    void loadScan(scope).then((stored) => {
      if (!live) return;
      dispatch({ type: 'replace', pages: stored });
      setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, [scope]);

  // Saves run one after another in the order of the changes, so the last one written is the
  // list the practitioner sees.
  useEffect(() => {
    if (!loaded) return;
    saving.current = saving.current
      .then(() => saveScan(scope, pages))
      .catch((error: unknown) => setProblem(problemOf(error)));
  }, [pages, loaded, scope]);

  /** Adds camera pictures as new pages, or one as the new picture of page `retakeId`. */
  const addPictures = useCallback(async (pictures: readonly File[], retakeId?: string) => {
    setProblem(null);
    let count = latest.current.length;
    for (const picture of pictures) {
      const refusal = retakeId ? null : addRefusal(latest.current, picture.size);
      if (refusal) {
        setProblem(refusal);
        return;
      }
      const number = retakeId ? latest.current.findIndex((p) => p.id === retakeId) + 1 : count + 1;
      setWorking(`Preparing page ${number}…`);
      try {
        const page = await takePicture(picture);
        if (retakeId) {
          dispatch({ type: 'retake', id: retakeId, page });
          await forgetPictures([retakeId]);
          setAnnouncement(`Page ${number} taken again.`);
        } else {
          dispatch({ type: 'add', page });
          count += 1;
          setAnnouncement(
            `Page ${number} added. ${count} ${count === 1 ? 'page' : 'pages'} in this scan.`,
          );
        }
      } catch (error) {
        setProblem(problemOf(error));
      } finally {
        setWorking(null);
      }
    }
  }, []);

  const rotate = useCallback((id: string) => {
    dispatch({ type: 'rotate', id });
    setAnnouncement(`Page ${numberOf(latest.current, id)} turned a quarter to the right.`);
  }, []);

  const crop = useCallback((id: string, corners: Quad) => {
    dispatch({ type: 'crop', id, corners });
    setAnnouncement(`Page ${numberOf(latest.current, id)} cropped.`);
  }, []);

  const move = useCallback((id: string, to: number) => {
    const from = numberOf(latest.current, id);
    const target = Math.max(0, Math.min(latest.current.length - 1, to));
    if (from - 1 === target) return;
    dispatch({ type: 'move', id, to: target });
    setAnnouncement(`Page ${from} moved to position ${target + 1}.`);
  }, []);

  const remove = useCallback(async (id: string) => {
    const number = numberOf(latest.current, id);
    dispatch({ type: 'delete', id });
    setAnnouncement(`Page ${number} deleted. ${latest.current.length - 1} left.`);
    await forgetPictures([id]).catch(() => undefined);
  }, []);

  /** The PDF of the pages, or null (with the reason in `problem`). */
  const build = useCallback(async (): Promise<File | null> => {
    setProblem(null);
    setWorking('Making the PDF…');
    try {
      return await makeScanPdf(sectionKey, latest.current);
    } catch (error) {
      setProblem(problemOf(error));
      return null;
    } finally {
      setWorking(null);
    }
  }, [sectionKey]);

  /** Forgets the scan and its pictures (after its PDF joined the section, or on Discard). */
  const discard = useCallback(async () => {
    const gone = latest.current;
    dispatch({ type: 'replace', pages: [] });
    await saving.current;
    await discardScan(scope, gone).catch(() => undefined);
  }, [scope]);

  /** Resolves once every change so far is on the device. */
  const saved = useCallback(() => saving.current, []);

  return {
    pages,
    saved,
    loaded,
    thumbnails,
    working,
    problem,
    setProblem,
    announcement,
    addPictures,
    rotate,
    crop,
    move,
    remove,
    build,
    discard,
  };
}
