// One page of a registration form drawn with PDF.js, with the boxes staff placed on it: a
// click on the page places a box there, a box is dragged to move it. Loaded lazily by the
// mapping screen only (the PDF library never reaches a practitioner's download); the same
// moves are made from the keyboard in the list of boxes beside it.
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import type { PageViewport } from 'pdfjs-dist/types/src/display/page_viewport';
import { useEffect, useRef, useState } from 'react';
import type { PageBox } from '../../../schema/form-mapping-api.ts';
import { registrationFormFile } from '../../../schema/staff-endpoints.ts';
import { urlOf } from '../../lib/api-client.ts';
import { errorFrom } from '../../lib/api-error.ts';
import type { PageSize } from './mapping-draft.ts';

GlobalWorkerOptions.workerSrc = workerUrl;

const documents = new Map<string, Promise<PDFDocumentProxy>>();

function pdfOf(formId: string): Promise<PDFDocumentProxy> {
  let loading = documents.get(formId);
  if (!loading) {
    loading = fetch(urlOf(registrationFormFile, { params: { id: formId } }), {
      credentials: 'include',
    }).then(async (response) => {
      if (!response.ok) throw await errorFrom(response);
      return getDocument({ data: new Uint8Array(await response.arrayBuffer()) }).promise;
    });
    loading.catch(() => documents.delete(formId));
    documents.set(formId, loading);
  }
  return loading;
}

export type ShownBox = { index: number; label: string; box: PageBox };

type Props = {
  formId: string;
  page: number;
  boxes: ShownBox[];
  onPlace: (at: { x: number; y: number }) => void;
  onMove: (index: number, box: PageBox) => void;
  onPageSize: (size: PageSize) => void;
};

const MAX_WIDTH = 820;

export default function PageCanvas({ formId, page, boxes, onPlace, onMove, onPageSize }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const overlay = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  // Kept across renders: the handlers below are attached afresh after each one.
  const drag = useRef<{ index: number; start: { x: number; y: number }; box: PageBox } | null>(
    null,
  );
  const [viewport, setViewport] = useState<PageViewport | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [dragging, setDragging] = useState<{ index: number; box: PageBox } | null>(null);

  useEffect(() => {
    let cancelled = false;
    let task: { cancel(): void; promise: Promise<void> } | undefined;
    setFailed(null);
    pdfOf(formId)
      .then((pdf) => pdf.getPage(page + 1))
      .then(async (pdfPage) => {
        if (cancelled || !canvas.current) return;
        const natural = pdfPage.getViewport({ scale: 1 });
        const width = Math.min(MAX_WIDTH, frame.current?.clientWidth || MAX_WIDTH);
        const shown = pdfPage.getViewport({ scale: width / natural.width });
        const ratio = window.devicePixelRatio || 1;
        canvas.current.width = Math.floor(shown.width * ratio);
        canvas.current.height = Math.floor(shown.height * ratio);
        canvas.current.style.width = `${shown.width}px`;
        canvas.current.style.height = `${shown.height}px`;
        task = pdfPage.render({
          canvas: canvas.current,
          viewport: shown,
          transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
        });
        await task.promise;
        if (cancelled) return;
        setViewport(shown);
        const [, , right, top] = pdfPage.view;
        onPageSize({ width: right ?? natural.width, height: top ?? natural.height });
      })
      .catch((error: unknown) => {
        if (!cancelled) setFailed(error instanceof Error ? error.message : String(error));
      });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [formId, page, onPageSize]);

  const toPdf = (event: { clientX: number; clientY: number }) => {
    const rect = overlay.current?.getBoundingClientRect();
    if (!rect || !viewport) return null;
    const [x, y] = viewport.convertToPdfPoint(
      event.clientX - rect.left,
      event.clientY - rect.top,
    ) as number[];
    return { x: x ?? 0, y: y ?? 0 };
  };

  // Pointer handlers sit on the drawing itself: the list of boxes is how a keyboard places them.
  useEffect(() => {
    const element = overlay.current;
    if (!element || !viewport) return;
    const down = (event: PointerEvent) => {
      const at = toPdf(event);
      if (!at) return;
      const target = (event.target as HTMLElement).closest<HTMLElement>('[data-box]');
      if (!target) {
        onPlace(at);
        return;
      }
      const shown = boxes.find((b) => String(b.index) === target.dataset.box);
      if (!shown) return;
      drag.current = { index: shown.index, start: at, box: shown.box };
      element.setPointerCapture(event.pointerId);
    };
    const moved = (event: PointerEvent) => {
      const at = drag.current && toPdf(event);
      if (!drag.current || !at) return null;
      const { box, start } = drag.current;
      return { ...box, x: box.x + at.x - start.x, y: box.y + at.y - start.y };
    };
    const move = (event: PointerEvent) => {
      const box = moved(event);
      if (drag.current && box) setDragging({ index: drag.current.index, box });
    };
    const up = (event: PointerEvent) => {
      const box = moved(event);
      if (drag.current && box) onMove(drag.current.index, box);
      drag.current = null;
      setDragging(null);
    };
    element.addEventListener('pointerdown', down);
    element.addEventListener('pointermove', move);
    element.addEventListener('pointerup', up);
    return () => {
      element.removeEventListener('pointerdown', down);
      element.removeEventListener('pointermove', move);
      element.removeEventListener('pointerup', up);
    };
  });

  if (failed) {
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-300">
        This page could not be shown: {failed}
      </p>
    );
  }
  return (
    <div ref={frame} className="w-full">
      <div className="relative inline-block border border-slate-300 bg-white dark:border-slate-600">
        <canvas ref={canvas} aria-label={`Page ${page + 1} of the form`} role="img" />
        <div
          ref={overlay}
          data-testid="page-overlay"
          className="absolute inset-0 cursor-crosshair touch-none"
        >
          {viewport &&
            boxes.map((shown) => {
              const box = dragging?.index === shown.index ? dragging.box : shown.box;
              const [x1, y1] = viewport.convertToViewportPoint(box.x, box.y) as number[];
              const [x2, y2] = viewport.convertToViewportPoint(
                box.x + box.width,
                box.y + box.height,
              ) as number[];
              const left = Math.min(x1 ?? 0, x2 ?? 0);
              const top = Math.min(y1 ?? 0, y2 ?? 0);
              return (
                <div
                  key={shown.index}
                  data-box={shown.index}
                  aria-hidden="true"
                  className="absolute cursor-move border-2 border-teal-700 bg-teal-500/20 text-[10px] leading-none font-semibold text-teal-950"
                  style={{
                    left,
                    top,
                    width: Math.abs((x2 ?? 0) - (x1 ?? 0)),
                    height: Math.abs((y2 ?? 0) - (y1 ?? 0)),
                  }}
                >
                  <span className="absolute -top-3.5 left-0 rounded bg-teal-700 px-1 whitespace-nowrap text-white">
                    {shown.label}
                  </span>
                </div>
              );
            })}
        </div>
      </div>
    </div>
  );
}
