// The scan's pages as a React Aria GridList: drag a page to reorder it (a finger or mouse
// drags the row by its grip; the grip button starts the keyboard and screen reader drag
// mode), or use Move up / Move down; every page has Rotate, Crop, Retake and Delete. Every
// control names its page for screen readers.
import { Button as AriaButton } from 'react-aria-components/Button';
import { GridList, GridListItem } from 'react-aria-components/GridList';
import { DropIndicator, useDragAndDrop } from 'react-aria-components/useDragAndDrop';
import { Button } from '../../ui/button.tsx';
import { isWholeImage } from './homography.ts';
import type { PageList, ScanPage } from './page-list.ts';
import { TurnedImage } from './turned-image.tsx';

export type PageActions = {
  onMove: (id: string, to: number) => void;
  onRotate: (id: string) => void;
  onCrop: (id: string) => void;
  onRetake: (id: string) => void;
  onDelete: (id: string) => void;
};

function GripIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <g fill="currentColor">
        {[6, 12, 18].flatMap((y) =>
          [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />),
        )}
      </g>
    </svg>
  );
}

function PageRow({
  page,
  index,
  count,
  thumbnail,
  isDisabled,
  actions,
}: {
  page: ScanPage;
  index: number;
  count: number;
  thumbnail: string | undefined;
  isDisabled: boolean;
  actions: PageActions;
}) {
  const n = index + 1;
  const cropped = !isWholeImage(page.corners);
  return (
    <div className="flex gap-3">
      <AriaButton
        slot="drag"
        aria-label={`Drag page ${n} to reorder`}
        className="flex min-h-11 min-w-11 cursor-grab items-center justify-center self-center rounded-md text-slate-600 outline-none focus-visible:ring-2 focus-visible:ring-teal-600 dark:text-slate-300"
      >
        <GripIcon />
      </AriaButton>
      <TurnedImage
        page={page}
        src={thumbnail}
        className="w-16 shrink-0 self-start rounded border border-slate-300 dark:border-slate-600"
      >
        {cropped && (
          // Where the page will be cut: the sheet found in the photo, or the practitioner's crop.
          <svg
            viewBox="0 0 100 100"
            preserveAspectRatio="none"
            className="absolute inset-0 h-full w-full"
            aria-hidden="true"
          >
            <polygon
              points={page.corners.map((p) => `${p.x * 100},${p.y * 100}`).join(' ')}
              fill="none"
              stroke="rgb(13 148 136)"
              strokeWidth="2"
              vectorEffect="non-scaling-stroke"
            />
          </svg>
        )}
      </TurnedImage>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium">
          Page {n}
          {page.rotation !== 0 && <span className="font-normal"> · turned {page.rotation}°</span>}
          {cropped && <span className="font-normal"> · cropped</span>}
        </p>
        <div className="mt-1 grid grid-cols-3 gap-1">
          <Button
            variant="ghost"
            className="px-2"
            aria-label={`Move page ${n} up`}
            isDisabled={isDisabled || index === 0}
            onPress={() => actions.onMove(page.id, index - 1)}
          >
            Up
          </Button>
          <Button
            variant="ghost"
            className="px-2"
            aria-label={`Move page ${n} down`}
            isDisabled={isDisabled || index === count - 1}
            onPress={() => actions.onMove(page.id, index + 1)}
          >
            Down
          </Button>
          <Button
            variant="ghost"
            className="px-2"
            aria-label={`Rotate page ${n}`}
            isDisabled={isDisabled}
            onPress={() => actions.onRotate(page.id)}
          >
            Rotate
          </Button>
          <Button
            variant="ghost"
            className="px-2"
            aria-label={`Crop page ${n}`}
            isDisabled={isDisabled}
            onPress={() => actions.onCrop(page.id)}
          >
            Crop
          </Button>
          <Button
            variant="ghost"
            className="px-2"
            aria-label={`Retake page ${n}`}
            isDisabled={isDisabled}
            onPress={() => actions.onRetake(page.id)}
          >
            Retake
          </Button>
          <Button
            variant="ghost"
            className="px-2 text-red-700 dark:text-red-300"
            aria-label={`Delete page ${n}`}
            isDisabled={isDisabled}
            onPress={() => actions.onDelete(page.id)}
          >
            Delete
          </Button>
        </div>
      </div>
    </div>
  );
}

export function PageGrid({
  pages,
  thumbnails,
  isDisabled,
  actions,
}: {
  pages: PageList;
  thumbnails: Record<string, string>;
  isDisabled: boolean;
  actions: PageActions;
}) {
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) =>
      [...keys].map((key) => ({
        'text/plain': `Page ${pages.findIndex((p) => p.id === key) + 1}`,
      })),
    onReorder: (event) => {
      const [moved] = [...event.keys];
      const from = pages.findIndex((p) => p.id === moved);
      const target = pages.findIndex((p) => p.id === event.target.key);
      if (from === -1 || target === -1) return;
      let to = event.target.dropPosition === 'after' ? target + 1 : target;
      if (from < to) to -= 1;
      actions.onMove(String(moved), to);
    },
    renderDropIndicator: (target) => (
      <DropIndicator
        target={target}
        className={({ isDropTarget }) =>
          `mx-2 h-1 rounded-full ${isDropTarget ? 'bg-teal-600 dark:bg-teal-400' : 'bg-transparent'}`
        }
      />
    ),
    isDisabled,
  });
  return (
    <GridList
      aria-label="Scanned pages"
      items={pages}
      // Rows show their position and state: render them again when any of these change.
      dependencies={[pages, thumbnails, isDisabled]}
      dragAndDropHooks={dragAndDropHooks}
      className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-700 dark:border-slate-700"
      renderEmptyState={() => (
        <p className="p-4 text-sm text-slate-600 dark:text-slate-300">
          No pages yet. Tap Take photo of a page to start.
        </p>
      )}
    >
      {(page) => {
        const index = pages.indexOf(page);
        return (
          <GridListItem
            id={page.id}
            textValue={`Page ${index + 1}`}
            className="p-2 outline-none focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-inset data-[dragging]:opacity-50 data-[drop-target]:bg-teal-50 dark:data-[drop-target]:bg-teal-950"
          >
            <PageRow
              page={page}
              index={index}
              count={pages.length}
              thumbnail={thumbnails[page.id]}
              isDisabled={isDisabled}
              actions={actions}
            />
          </GridListItem>
        );
      }}
    </GridList>
  );
}
