// One paste, several messages (design 4.7): each message starts at its type line (`FFM/8`, `UWS`,
// `NOTOC` or `NTM`, `CPM`, `UCM`, `SCM`, `LDM`); a paste that starts without one is recognised by
// its shape. The routing lines in front of a type line (`QU`, an address, `.CAIFFMS`) belong to the
// message they announce, not to the one before (the rules: messages/recognise.ts). A message of a
// kind the check does not read (`MVT`, `FWB/16`, ...) ends the one before it and is named, never
// read as a part of it.

import { flightCheckShape, isFlightCheckRoutingLine, typeLineKind } from "../messages/recognise.ts";
import { type Line, linesOf } from "../ntm/notoc.ts";
import { upperAscii } from "../text.ts";
import type { FlightMessageKind } from "./types.ts";

/** One message of a paste: its kind, text and 1-based first line (its type line, if any). */
export interface PastedMessage {
  kind: FlightMessageKind;
  text: string;
  line: number;
}

/** The kinds the check reads: a type line of another kind is no start of a message here. */
const FLIGHT_KINDS: ReadonlySet<string> = new Set<FlightMessageKind>(
  ["FFM", "UWS", "NTM", "CPM", "UCM", "SCM", "LDM"],
);

/** The kind of a type line; for a message the check does not read, its name (`MVT`, `FWB`). */
function typeOf(line: string): FlightMessageKind | { other: string } | null {
  const trimmed = line.trim();
  const kind = typeLineKind(trimmed);
  if (kind === null) return null;
  if (kind !== "other" && FLIGHT_KINDS.has(kind)) return kind as FlightMessageKind;
  return { other: trimmed.split("/")[0] };
}

/** The kind of a text without a type line, by its shape; null when it is none the check reads. */
function kindByShape(text: string): FlightMessageKind | null {
  const kind = flightCheckShape(text);
  return kind !== null && FLIGHT_KINDS.has(kind) ? kind as FlightMessageKind : null;
}

const textOf = (source: string, lines: readonly Line[], from: number, to: number) =>
  to <= from
    ? ""
    : source.slice(lines[from].offset, to < lines.length ? lines[to].offset : undefined);

/**
 * Splits a paste into its messages. `unread` gets the 1-based first and last line of a part that
 * is no message the check reads (text before the first type line of no known shape); `other` the
 * name and 1-based first line of each message of a kind the check does not read.
 */
export function splitFlightMessages(
  input: string,
  unread: (first: number, last: number) => void = () => {},
  other: (name: string, line: number) => void = () => {},
): PastedMessage[] {
  const lines = linesOf(input);
  const upper = lines.map((l) => upperAscii(l.text));
  const starts: { at: number; kind: FlightMessageKind | { other: string } }[] = [];
  upper.forEach((line, i) => {
    const kind = typeOf(line);
    if (kind === null) return;
    let at = i;
    while (at > 0 && isFlightCheckRoutingLine(upper[at - 1].trim())) at--;
    starts.push({ at, kind });
  });
  const messages: PastedMessage[] = [];
  const firstStart = starts[0]?.at ?? lines.length;
  const head = textOf(input, lines, 0, firstStart);
  if (head.trim() !== "") {
    const kind = kindByShape(upperAscii(head));
    if (kind !== null) messages.push({ kind, text: head, line: 1 });
    else unread(1, firstStart);
  }
  starts.forEach((s, k) => {
    if (typeof s.kind !== "string") return other(s.kind.other, s.at + 1);
    const end = k + 1 < starts.length ? starts[k + 1].at : lines.length;
    messages.push({ kind: s.kind, text: textOf(input, lines, s.at, end), line: s.at + 1 });
  });
  return messages;
}
