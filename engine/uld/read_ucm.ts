// The UCM reader of the extractor (design 4.5): a flight line, then `IN` and `OUT` sections of
// `.ID[/dest][/code]` items. Items are read in place from the paste's bytes: a day of traffic has
// 40,000 of them, and a string per field cost most of a cold run.

import {
  CSU,
  DOT,
  find,
  isCode3,
  isLoadCode,
  letters,
  nextField,
  OFF,
  SLASH,
  trimmed,
} from "./fields.ts";
import { lineText, textOf } from "./messages.ts";
import {
  type BodyReader,
  codeLoadType,
  type KindReader,
  type LineRead,
  type ReadContext,
  readFlightHead,
} from "./reader.ts";
import { S } from "./rows.ts";
import { sayUld } from "./texts.ts";

/** First letters of the UCM section words (`IN`, `OUT`). */
const LETTER_I = "I".charCodeAt(0);
const LETTER_O = "O".charCodeAt(0);

/**
 * UCM items: `.ID[/dest][/code]`, several a line; `.N` is none. The fields are read by shape too:
 * a 3-letter airport is the destination, a load type (1-2 letters, a volume digit) gives its
 * first letter; a load type in the destination's place is read and named in a warning.
 */
function readUcmItems(r: ReadContext, i: number, section: number): void {
  const { lines, field } = r;
  const bytes = lines.bytes;
  const end = lines.to[i];
  let at = r.lines.from[i];
  while (at < end) {
    const itemEnd = find(bytes, DOT, at + 1, end);
    const slash = find(bytes, SLASH, at + 1, itemEnd);
    trimmed(bytes, at + 1, slash, field);
    const idFrom = field[0];
    const idTo = field[1];
    at = itemEnd;
    if (idFrom === idTo || (idTo - idFrom === 1 && bytes[idFrom] === 78 && slash === itemEnd)) {
      continue; // empty, or `.N`
    }
    let destination = 0;
    let loadType = 0;
    let code = 0; // a load code of another shape (CSU), used when no load type letter comes
    for (let k = 1, a = slash + 1; a <= itemEnd; k++) {
      a = nextField(bytes, a, itemEnd, field);
      const x = field[0];
      const y = field[1];
      if (x === y) continue;
      if (isCode3(bytes, x, y, OFF)) {
        // `/OFF`: taken off the flight (domain note 8.1), not a destination
        if (section === S.OUT) section = S.OFF;
      } else if (isCode3(bytes, x, y, CSU) && code === 0) code = r.rows.internLetters3(lines, x);
      else if (destination === 0 && y - x === 3 && letters(bytes, x, y)) {
        destination = r.rows.internLetters3(lines, x);
      } else if (loadType === 0 && isLoadCode(bytes, x, y)) {
        loadType = S.LETTER_A + bytes[x] - 65;
        if (k === 1) {
          const [id, f] = [textOf(lines, idFrom, idTo), textOf(lines, x, y)];
          r.warn(i + 1, sayUld("uld:load_type_in_destination", { id, code: f }));
        }
      } else if (k > 1 && code === 0 && destination !== 0 && y - x <= 4 && letters(bytes, x, y)) {
        code = r.rows.internShort(lines, x, y);
      } else {
        const [id, f] = [textOf(lines, idFrom, idTo), textOf(lines, x, y)];
        r.warn(
          i + 1,
          k === 1
            ? sayUld("uld:destination_not_airport", { id, field: f })
            : sayUld("uld:neither_destination_nor_load_type", { id, field: f }),
        );
      }
    }
    if (loadType === 0 && code !== 0) loadType = codeLoadType(r, i, idFrom, idTo, code);
    r.rows.add(bytes, idFrom, idTo, loadType, destination, section, 0, r.message, i + 1);
    if (section === S.OFF) section = S.OUT;
  }
}

/** A UCM's body: its items, and its movement by its IN and OUT sections. */
class UcmBody implements BodyReader {
  /** The section being read: S.IN, S.OUT, or 0 before either. */
  private current = 0;
  private seenIn = false;
  private seenOut = false;
  constructor(private readonly r: ReadContext) {}

  section(i: number): boolean {
    const lines = this.r.lines;
    const a = lines.from[i];
    const length = lines.to[i] - a;
    const c = lines.bytes[a];
    if ((length !== 2 && length !== 3) || (c !== LETTER_I && c !== LETTER_O)) return false;
    const word = lineText(lines, i);
    if (word !== "IN" && word !== "OUT") return false;
    this.current = word === "IN" ? S.IN : S.OUT;
    this.seenIn ||= word === "IN";
    this.seenOut ||= word === "OUT";
    return true;
  }

  line(i: number): LineRead {
    const lines = this.r.lines;
    if (lines.bytes[lines.from[i]] !== DOT) return "not read";
    readUcmItems(this.r, i, this.current);
    return "read";
  }

  movement(): string {
    if (this.seenIn && this.seenOut) return "Inbound/Outbound";
    return this.seenOut ? "Outbound" : this.seenIn ? "Inbound" : "";
  }
}

/** The UCM: its movement by its IN and OUT sections. */
export const UCM_READER: KindReader = {
  readHead: readFlightHead,
  body: (r) => new UcmBody(r),
};
