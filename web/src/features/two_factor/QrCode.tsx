// A QR code drawn as SVG squares (uqr encodes it): dark on white whatever the colour scheme, with
// the quiet zone scanners need around it.

import { useMemo } from "react";
import { encode } from "uqr";

/** One run of dark modules in a row. */
interface Run {
  x: number;
  y: number;
  width: number;
}

/** The dark modules of each row joined into runs (fewer shapes than one per module). */
export function darkRuns(data: boolean[][]): Run[] {
  const runs: Run[] = [];
  data.forEach((row, y) => {
    let start = -1;
    for (let x = 0; x <= row.length; x++) {
      const dark = x < row.length && row[x];
      if (dark && start < 0) start = x;
      if (!dark && start >= 0) {
        runs.push({ x: start, y, width: x - start });
        start = -1;
      }
    }
  });
  return runs;
}

/** The QR code of `text`; `label` names it for assistive tools. */
export function QrCode(props: { text: string; label: string }) {
  const qr = useMemo(() => encode(props.text, { ecc: "M", border: 4 }), [props.text]);
  const runs = useMemo(() => darkRuns(qr.data), [qr]);
  return (
    <svg
      className="qr-code"
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      role="img"
      aria-label={props.label}
      shapeRendering="crispEdges"
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      {runs.map((r) => (
        <rect key={`${r.x},${r.y}`} x={r.x} y={r.y} width={r.width} height={1} fill="#000" />
      ))}
    </svg>
  );
}
