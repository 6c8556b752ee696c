import { create } from 'qrcode';
import { useMemo } from 'react';

/** The blank modules around a QR code that scanners need to find it. */
const QUIET_ZONE = 4;

/** One SVG path of the code's dark modules (and the side of the whole square, quiet zone included). */
function qrPath(text: string): { d: string; side: number } | null {
  try {
    const { modules } = create(text, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row += 1) {
      for (let col = 0; col < modules.size; col += 1) {
        if (modules.get(row, col)) d += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
      }
    }
    return { d, side: modules.size + 2 * QUIET_ZONE };
  } catch {
    return null;
  }
}

/**
 * A QR code drawn in the browser (the secret it carries never leaves the page for an image
 * service): an SVG image named by `label`, black on white whatever the theme.
 */
export function QrCode({ text, label, size = 208 }: { text: string; label: string; size?: number }) {
  const code = useMemo(() => qrPath(text), [text]);
  if (!code) return null;
  return (
    <svg
      role="img"
      aria-label={label}
      data-testid="qr-code"
      viewBox={`0 0 ${code.side} ${code.side}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      className="h-auto max-w-full rounded-xl border border-slate-200"
    >
      <rect width={code.side} height={code.side} fill="#ffffff" />
      <path d={code.d} fill="#000000" />
    </svg>
  );
}
