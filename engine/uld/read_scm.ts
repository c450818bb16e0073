// The SCM reader of the extractor (design 4.5): a station line (`IAH.27JUN/1530`), then one type
// line per ULD type (`.PMC.12345MS/23456MS.T2`). An SCM reports no movement.

import { SCM_HEADER_RE, SCM_LINE_RE } from "../messages/recognise.ts";
import { lineText } from "./messages.ts";
import { type KindReader, NO_FLIGHT, type ReadContext, short } from "./reader.ts";
import { sayUld } from "./texts.ts";

/** SCM type line `.TYPE.serialOWNER/serialOWNER.T<n>`; warns when the count does not match. */
function readScmLine(r: ReadContext, i: number): void {
  const line = lineText(r.lines, i);
  const tokens = line.slice(1).split(".").map((t) => t.trim());
  const type = tokens[0];
  let count: number | null = null;
  if (tokens.length > 1 && /^T\d+$/.test(tokens[tokens.length - 1])) {
    count = Number(tokens.pop()!.slice(1));
  }
  const items = tokens.slice(1).join("/").split("/").map((t) => t.trim()).filter((t) => t !== "");
  for (const item of items) {
    const id = type + item;
    const bytes = new Uint8Array(id.length);
    for (let k = 0; k < id.length; k++) bytes[k] = Math.min(id.charCodeAt(k), 255);
    r.rows.add(bytes, 0, id.length, 0, 0, 0, 0, r.message, i + 1);
  }
  if (count !== null && count !== items.length) {
    r.warn(
      i + 1,
      items.length === 1
        ? sayUld("uld:count_one", { type, count })
        : sayUld("uld:count_many", { type, count, listed: items.length }),
    );
  }
}

/** The SCM: its head is a station line, not a flight line. */
export const SCM_READER: KindReader = {
  readHead(r, i, head) {
    const line = lineText(r.lines, i);
    const m = SCM_HEADER_RE.exec(line);
    if (m !== null) {
      head.flight = { ...NO_FLIGHT, station: m[1] };
      return i + 1;
    }
    if (!line.startsWith(".")) r.warn(i + 1, sayUld("uld:station_line", { line: short(line) }));
    return i;
  },
  body(r) {
    return {
      section: () => false,
      line(i) {
        if (!SCM_LINE_RE.test(lineText(r.lines, i))) return "not read";
        readScmLine(r, i);
        return "read";
      },
      movement: () => "",
    };
  },
};
