// Reading one message of a paste (design 4.5): its envelope, its head line, then its body lines,
// read by the reader of its kind (kinds.ts) into the rows of the extraction. What every kind
// shares is walked here: text before the type line, SI text, and another message whose type line
// was not pasted. What is skipped or doubted is a warning with the paste's line number.

import { DASH, DOT, holdsUld, isSiLine, startsMessage } from "./fields.ts";
import type { FlightLine } from "./flight.ts";
import { KIND_READERS } from "./kinds.ts";
import { type Lines, lineText, type MessageType, type Segment } from "./messages.ts";
import { NO_FLIGHT, type ReadContext, short, type Warn } from "./reader.ts";
import type { RowBuilder } from "./rows.ts";
import { sayUld } from "./texts.ts";

/** What a message says about itself. */
export interface MessageHead {
  flight: FlightLine;
  movement: string;
  supplementaryInfo: string;
  /** Where another message without its type line starts inside this one, else null. */
  next: { line: number; type: MessageType } | null;
}

/**
 * The place of a paste's reading, made once for all its messages (readMessage sets the message
 * number): a day of traffic has a thousand messages, and a place of their own cost each message
 * a context, its field array and closures (about 0.3 MB of the extraction's peak memory).
 */
export function readContext(lines: Lines, rows: RowBuilder, warn: Warn): ReadContext {
  return { lines, rows, message: 0, warn, field: new Int32Array(2) };
}

/** Reads one message of the paste into `r.rows`, as message number `message`. */
export function readMessage(
  r: ReadContext,
  gateway: Uint8Array,
  seg: Segment,
  type: MessageType,
  message: number,
): MessageHead {
  r.message = message;
  const { lines, warn } = r;
  const kind = KIND_READERS[type];
  const { bytes, from, to } = lines;
  // text before the type line that is no envelope is reported, not read
  for (let k = seg.from; k < seg.typeLine; k++) {
    if (from[k] !== to[k] && gateway[k] === 0) {
      warn(k + 1, sayUld("uld:line_not_read", { line: short(lineText(lines, k)) }));
    }
  }
  let i = seg.typeLine >= 0 ? seg.typeLine + 1 : seg.from;
  while (i < seg.to && (from[i] === to[i] || gateway[i] === 1)) i++;
  const head = { flight: NO_FLIGHT };
  if (i < seg.to) i = kind.readHead(r, i, head);

  const body = kind.body(r);
  const si: string[] = [];
  let inSi = false;
  let next: MessageHead["next"] = null;
  for (; i < seg.to; i++) {
    if (from[i] === to[i]) continue; // a blank line
    const c = bytes[from[i]];
    if (body.section(i)) {
      inSi = false;
      continue;
    }
    // a flight line followed by ULD lines is another message, whose type line was not pasted
    const other = c !== DOT && c !== DASH ? startsMessage(lines, i, seg.to) : null;
    if (other !== null) {
      const values = { line: short(lineText(lines, i)), type: other };
      warn(i + 1, sayUld(inSi ? "uld:next_message_after_si" : "uld:next_message", values));
      next = { line: i, type: other };
      break;
    }
    if (inSi) {
      if ((c === DOT || c === DASH) && holdsUld(lines, i, r.field)) {
        warn(i + 1, sayUld("uld:si_uld_line", { line: short(lineText(lines, i)) }));
      }
      si.push(lineText(lines, i));
      continue;
    }
    if (isSiLine(lines, i)) {
      inSi = true;
      const text = lineText(lines, i).slice(2).trim();
      if (text !== "") si.push(text);
      continue;
    }
    const read = body.line(i);
    if (read === "end") break; // the CPM's END, ENDPART or PART n END
    if (read === "not read" && gateway[i] === 0) {
      warn(i + 1, sayUld("uld:line_not_read", { line: short(lineText(lines, i)) }));
    }
  }
  return { flight: head.flight, movement: body.movement(), supplementaryInfo: si.join("\n"), next };
}
