// A QR code as an SVG: one path of dark modules on a white square with the standard's
// four-module quiet zone (white in the dark theme too, so phone cameras read it).
import { qrCode } from '../lib/qr-code.ts';

export function QrCode({
  text,
  label,
  size = 192,
}: {
  text: string;
  label: string;
  size?: number;
}) {
  const modules = qrCode(text);
  const quiet = 4;
  const extent = modules.length + quiet * 2;
  let path = '';
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x + quiet} ${y + quiet}h1v1h-1z`;
    });
  });
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${extent} ${extent}`}
      shapeRendering="crispEdges"
      className="rounded bg-white"
    >
      <rect width={extent} height={extent} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
