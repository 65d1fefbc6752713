// Cropping one page: four corners, first on the sheet the scan worker found in the picture
// (paper-edges.ts) or else on the picture's edges, dragged onto the page's own corners (touch
// or mouse), or moved with the arrow keys (Shift for bigger steps); 'Use the page found' and
// 'Use the whole picture' put them back on the sheet or the picture's edges. On Apply the scan
// worker straightens the area into an upright page (homography.ts).
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { Button as AriaButton } from 'react-aria-components/Button';
import { Button } from '../../ui/button.tsx';
import type { Point, Quad } from './homography.ts';
import { type ScanPage, WHOLE_PAGE } from './page-list.ts';
import { readPicture } from './scan-store.ts';
import { TurnedImage } from './turned-image.tsx';

const CORNER_NAMES = ['Top-left', 'Top-right', 'Bottom-right', 'Bottom-left'] as const;
const STEP = 0.01;
const BIG_STEP = 0.05;
const KEY_MOVES: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

const clamp = (value: number) => Math.min(1, Math.max(0, value));
const percent = (value: number) => `${Math.round(value * 100)}%`;

function withCorner(corners: Quad, index: number, point: Point): Quad {
  const next = [...corners] as [Point, Point, Point, Point];
  next[index] = { x: clamp(point.x), y: clamp(point.y) };
  return next;
}

export function CropEditor({
  page,
  pageNumber,
  onApply,
  onCancel,
}: {
  page: ScanPage;
  pageNumber: number;
  onApply: (corners: Quad) => void;
  onCancel: () => void;
}) {
  const [corners, setCorners] = useState<Quad>(page.corners);
  // Arrow-key help only with a mouse or trackpad: on a touch screen it is noise.
  const [finePointer] = useState(() => window.matchMedia('(pointer: fine)').matches);
  const [src, setSrc] = useState<string>();
  const box = useRef<HTMLDivElement>(null);
  const dragging = useRef<number | null>(null);

  useEffect(() => {
    let url: string | undefined;
    let live = true;
    void readPicture(page.id).then((bytes) => {
      if (!live || !bytes) return;
      url = URL.createObjectURL(new Blob([bytes], { type: 'image/jpeg' }));
      setSrc(url);
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [page.id]);

  const pointAt = (event: PointerEvent): Point => {
    const rect = box.current!.getBoundingClientRect();
    return {
      x: (event.clientX - rect.left) / rect.width,
      y: (event.clientY - rect.top) / rect.height,
    };
  };

  // Capture phase: the corner buttons (React Aria's press handling) stop the event bubbling.
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const handle = (event.target as HTMLElement).closest<HTMLElement>('[data-corner]');
    if (!handle) return;
    dragging.current = Number(handle.dataset.corner);
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current === null) return;
    const index = dragging.current;
    setCorners((current) => withCorner(current, index, pointAt(event)));
  };
  const endDrag = () => {
    dragging.current = null;
  };

  const hintId = `crop-hint-${page.id}`;
  const polygon = corners.map((p) => `${p.x * 100},${p.y * 100}`).join(' ');
  return (
    <div>
      <p id={hintId} className="text-sm text-slate-700 dark:text-slate-300">
        Drag the four corners onto the corners of the page
        {/* Keyboard help only where there is a fine pointer: a phone has no arrow keys. */}
        {finePointer && ', or focus a corner and use the arrow keys (hold Shift for bigger steps)'}.
        When the page stands out from what it lies on, the corners start on it ('Use the page found'
        puts them back there). The page is straightened when you apply.
      </p>
      <div className="mx-auto mt-3 w-full max-w-[min(100%,calc(55dvh*0.75))] p-6">
        <TurnedImage page={page} src={src} className="w-full touch-none rounded">
          <div
            ref={box}
            className="absolute inset-0"
            onPointerDownCapture={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
          >
            <svg
              viewBox="0 0 100 100"
              preserveAspectRatio="none"
              className="absolute inset-0 h-full w-full"
              aria-hidden="true"
            >
              <polygon
                points={polygon}
                fill="rgb(13 148 136 / 0.15)"
                stroke="rgb(13 148 136)"
                strokeWidth="0.6"
                vectorEffect="non-scaling-stroke"
              />
            </svg>
            {corners.map((p, i) => (
              <AriaButton
                key={CORNER_NAMES[i]}
                data-corner={i}
                aria-label={`${CORNER_NAMES[i]} corner, ${percent(p.x)} from the left, ${percent(p.y)} from the top`}
                aria-describedby={hintId}
                onKeyDown={(event) => {
                  const move = KEY_MOVES[event.key];
                  if (!move) {
                    event.continuePropagation();
                    return;
                  }
                  const step = event.shiftKey ? BIG_STEP : STEP;
                  setCorners((current) =>
                    withCorner(current, i, {
                      x: current[i]!.x + move.x * step,
                      y: current[i]!.y + move.y * step,
                    }),
                  );
                }}
                className="absolute flex h-11 w-11 -translate-x-1/2 -translate-y-1/2 cursor-move items-center justify-center rounded-full outline-none focus-visible:ring-4 focus-visible:ring-amber-400"
                style={{ left: `${p.x * 100}%`, top: `${p.y * 100}%` }}
              >
                <span className="h-5 w-5 rounded-full border-2 border-white bg-teal-700 shadow" />
              </AriaButton>
            ))}
          </div>
        </TurnedImage>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button onPress={() => onApply(corners)}>Apply crop to page {pageNumber}</Button>
        {page.paper && (
          <Button variant="secondary" onPress={() => setCorners(page.paper!)}>
            Use the page found
          </Button>
        )}
        <Button variant="secondary" onPress={() => setCorners(WHOLE_PAGE)}>
          Use the whole picture
        </Button>
        <Button variant="ghost" onPress={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
