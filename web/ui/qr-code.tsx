// A QR code as an SVG: one path of dark modules on a white square with the standard's
// four-module quiet zone (white in the dark theme too, so phone cameras read it). Its encoder
// arrives on demand (lib/qr-modules.ts): until then a white square of the same size holds its
// place, so nothing moves when it appears.
import { useEffect, useState } from 'react';
import { qrModules } from '../lib/qr-modules.ts';

export function QrCode({
  text,
  label,
  size = 192,
}: {
  text: string;
  label: string;
  size?: number;
}) {
  const [modules, setModules] = useState<boolean[][] | null>(null);
  useEffect(() => {
    let current = true;
    void qrModules(text).then((drawn) => {
      if (current) setModules(drawn);
    });
    return () => {
      current = false;
    };
  }, [text]);
  const extent = modules?.length ?? 1;
  let path = '';
  modules?.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      role="img"
      aria-label={label}
      aria-busy={modules ? undefined : true}
      width={size}
      height={size}
      viewBox={`0 0 ${extent} ${extent}`}
      shapeRendering="crispEdges"
      className="rounded bg-white"
    >
      <rect width={extent} height={extent} fill="#fff" />
      {modules && <path d={path} fill="#000" />}
    </svg>
  );
}
