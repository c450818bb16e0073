// The SCM reader of the extractor (design 4.5): a station line (`IAH.27JUN/1530`), then one type
// line per ULD type (`.PMC.12345MS/23456MS.T2`). A type line without its `.T<n>` count may go on
// on the next lines (a long list wrapped), which hold items only (`3333PK/4444PK.T7`): the count
// is checked over the type's lines. An SCM reports no movement.

import { SCM_HEADER_RE, SCM_LINE_RE } from "../messages/recognise.ts";
import { lineText } from "./messages.ts";
import { type BodyReader, type KindReader, NO_FLIGHT, type ReadContext, short } from "./reader.ts";
import { sayUld } from "./texts.ts";

/** A line that goes on with a wrapped type line: items (serial and owner) apart by `/` or `.`. */
const CONTINUATION_RE = /^[./]?\d{4,5}[A-Z0-9]{2,3}(?:[./]\d{4,5}[A-Z0-9]{2,3})*(?:\.T\d+)?[./]?$/;

/** A type whose list has no count yet: its type and the items listed so far. */
interface OpenType {
  type: string;
  listed: number;
}

/**
 * SCM type line `.TYPE.serialOWNER/serialOWNER.T<n>`, or with `open` a line that goes on with
 * that type's list. Warns when the count does not match the items of the type's lines; returns
 * the type while its list has no count yet, else null.
 */
function readScmLine(r: ReadContext, i: number, open: OpenType | null): OpenType | null {
  const line = lineText(r.lines, i);
  const tokens = (open === null ? line.slice(1) : line.replace(/^[./]/, "")).split(".")
    .map((t) => t.trim());
  const type = open === null ? tokens.shift()! : open.type;
  let count: number | null = null;
  if (tokens.length > 0 && /^T\d+$/.test(tokens[tokens.length - 1])) {
    count = Number(tokens.pop()!.slice(1));
  }
  const items = tokens.join("/").split("/").map((t) => t.trim()).filter((t) => t !== "");
  for (const item of items) {
    const id = type + item;
    const bytes = new Uint8Array(id.length);
    for (let k = 0; k < id.length; k++) bytes[k] = Math.min(id.charCodeAt(k), 255);
    r.rows.add(bytes, 0, id.length, 0, 0, 0, 0, r.message, i + 1);
  }
  const listed = (open?.listed ?? 0) + items.length;
  if (count === null) return { type, listed };
  if (count !== listed) {
    r.warn(
      i + 1,
      listed === 1
        ? sayUld("uld:count_one", { type, count })
        : sayUld("uld:count_many", { type, count, listed }),
    );
  }
  return null;
}

/** An SCM's body: its type lines and the lines a wrapped one goes on on. */
class ScmBody implements BodyReader {
  /** The type line whose list may go on on the next line. */
  private open: OpenType | null = null;
  constructor(private readonly r: ReadContext) {}

  section(): boolean {
    return false;
  }

  line(i: number): "read" | "not read" {
    const line = lineText(this.r.lines, i);
    const goesOn = this.open !== null && !SCM_LINE_RE.test(line) && CONTINUATION_RE.test(line);
    if (!goesOn && !SCM_LINE_RE.test(line)) {
      this.open = null;
      return "not read";
    }
    this.open = readScmLine(this.r, i, goesOn ? this.open : null);
    return "read";
  }

  movement(): string {
    return "";
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
  body: (r) => new ScmBody(r),
};
