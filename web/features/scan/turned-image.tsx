// A stored picture shown turned by the page's rotation: the box takes the turned shape and
// the picture inside is turned with CSS, so no pixels are redrawn on the main thread.
import type { ReactNode } from 'react';
import { type ScanPage, turnedSize } from './page-list.ts';

export function TurnedImage({
  page,
  src,
  className = '',
  children,
}: {
  page: Pick<ScanPage, 'width' | 'height' | 'rotation'>;
  src: string | undefined;
  className?: string;
  /** Drawn over the picture in the turned box, not clipped by it (crop corners). */
  children?: ReactNode;
}) {
  const turned = turnedSize(page);
  const quarter = page.rotation % 180 !== 0;
  return (
    <div
      className={`relative bg-slate-200 dark:bg-slate-700 ${className}`}
      style={{ aspectRatio: `${turned.width} / ${turned.height}` }}
    >
      <div className="absolute inset-0 overflow-hidden rounded-[inherit]">
        {src && (
          <img
            src={src}
            alt=""
            decoding="async"
            draggable={false}
            className="absolute top-1/2 left-1/2 max-w-none select-none"
            style={{
              // Turned a quarter, the picture's width must fill the box's height and back.
              width: quarter ? `${(turned.height / turned.width) * 100}%` : '100%',
              height: quarter ? `${(turned.width / turned.height) * 100}%` : '100%',
              transform: `translate(-50%, -50%) rotate(${page.rotation}deg)`,
            }}
          />
        )}
      </div>
      {children}
    </div>
  );
}
