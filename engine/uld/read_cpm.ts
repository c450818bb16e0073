// The CPM reader of the extractor (design 4.5): a flight line, then `-position/...` lines, up to
// an end line. Positions are read in place from the paste's bytes, as UCM items are.

import { isDigit } from "../codes.ts";
import {
  CSU,
  DASH,
  find,
  isCode3,
  isLoadType,
  isPositionStart,
  isUldCandidate,
  letters,
  nextField,
  SLASH,
  trimmed,
} from "./fields.ts";
import { lineText } from "./messages.ts";
import {
  type BodyReader,
  codeLoadType,
  type KindReader,
  type LineRead,
  type ReadContext,
  readFlightHead,
} from "./reader.ts";
import { S } from "./rows.ts";

const CPM_END_RE = /^(END|ENDPART\s*\d*|PART\s*\d+\s*END)$/;

/** First letters of the CPM end lines (`END`, `PART`). */
const LETTER_E = "E".charCodeAt(0);
const LETTER_P = "P".charCodeAt(0);

/**
 * One CPM position `-pos/...` at bytes[from..to): a ULD line, an empty position (`/N`) or bulk (no
 * ULD). After the ULD each field is read by its shape: a 3-letter airport is the destination (a
 * 4-letter one too right after the ULD), a number the weight, a contour code (`Q4`, `QM`) is
 * skipped, and a load type with its sub-code, volume and IMP codes gives its first letter.
 */
function readCpmPosition(r: ReadContext, i: number, from: number, to: number): void {
  const { lines, field } = r;
  const bytes = lines.bytes;
  const s1 = find(bytes, SLASH, from, to);
  if (s1 >= to) return;
  const s2 = find(bytes, SLASH, s1 + 1, to);
  trimmed(bytes, s1 + 1, s2, field);
  const idFrom = field[0];
  const idTo = field[1];
  if (!isUldCandidate(bytes, idFrom, idTo)) return; // an empty position, a bulk hold, loose load
  let destination = 0;
  let loadType = 0;
  let code = 0; // a load code of another shape (CSU), used when no load type letter comes
  for (let k = 2, a = s2 + 1; a <= to; k++) {
    a = nextField(bytes, a, to, field);
    const x = field[0];
    const n = field[1] - x;
    if (n === 0 || isDigit(bytes[x])) continue; // weight
    if (isCode3(bytes, x, x + n, CSU)) {
      if (code === 0) code = r.rows.internLetters3(lines, x);
    } else if (destination === 0 && (n === 3 || (n === 4 && k === 2)) && letters(bytes, x, x + n)) {
      destination = n === 3 ? r.rows.internLetters3(lines, x) : r.rows.internShort(lines, x, x + n);
    } else if (n === 2 && bytes[x] === 81 /* Q */) continue; // contour
    else if (loadType === 0 && isLoadType(bytes, x, x + n)) {
      loadType = S.LETTER_A + bytes[x] - 65;
    } else if (code === 0 && destination !== 0 && n <= 4 && letters(bytes, x, x + n)) {
      code = r.rows.internShort(lines, x, x + n);
    }
  }
  if (loadType === 0 && code !== 0) loadType = codeLoadType(r, i, idFrom, idTo, code);
  trimmed(bytes, from + 1, s1, field);
  const position = r.rows.internShort(lines, field[0], field[1]);
  r.rows.add(bytes, idFrom, idTo, loadType, destination, 0, position, r.message, i + 1);
}

/** The positions of CPM line i, two on a line split at a position boundary only. */
function readCpmLine(r: ReadContext, i: number): void {
  const bytes = r.lines.bytes;
  const end = r.lines.to[i];
  let from = r.lines.from[i];
  for (let k = find(bytes, DASH, from + 1, end); k < end; k = find(bytes, DASH, k + 1, end)) {
    if (!isPositionStart(bytes, k, end)) continue;
    readCpmPosition(r, i, from, k);
    from = k;
  }
  readCpmPosition(r, i, from, end);
}

/** A CPM's body: its positions, up to `END`, `ENDPART` or `PART n END`. */
class CpmBody implements BodyReader {
  constructor(private readonly r: ReadContext) {}

  section(): boolean {
    return false;
  }

  line(i: number): LineRead {
    const lines = this.r.lines;
    const a = lines.from[i];
    const c = lines.bytes[a];
    if (isPositionStart(lines.bytes, a, lines.to[i])) {
      readCpmLine(this.r, i);
      return "read";
    }
    const end = (c === LETTER_E || c === LETTER_P) && CPM_END_RE.test(lineText(lines, i));
    return end ? "end" : "not read";
  }

  movement(): string {
    return "Outbound";
  }
}

/** The CPM: outbound, its body ends at `END`, `ENDPART` or `PART n END`. */
export const CPM_READER: KindReader = {
  readHead: readFlightHead,
  body: (r) => new CpmBody(r),
};
