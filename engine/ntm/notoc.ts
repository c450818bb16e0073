// The NTM side of the dangerous-goods check (design 4.4, domain 8.4): a printed NOTOC in 64 or 40
// columns, or the teletype form. The layout is told apart by shape, never by a setting.
//
// On a printed NOTOC an item's IMP code stands in a column: on the line above the ULD id (64
// columns) or before it on the same line (40 columns), so the reader looks for the item's "IMP
// group" at the end of one of its lines: the IMP code, an optional CAO mark (N or Y), the position
// and, in 40 columns, the ULD id. Only numbered items inside a section are read: header, caption,
// rule, SI, statement and signature lines never yield ids or codes.

import { isNotocShapeLine, NOTOC_SECTION_RE } from "../messages/recognise.ts";
import { upperAscii } from "../text.ts";
import { idShape } from "../uld/ids.ts";

/** How an NTM text was read. */
export type NtmLayout = "notoc-64" | "notoc-40" | "teletype";

/** One item of a NOTOC, or one ULD line of a teletype NTM. */
export interface NtmItem {
  section: "dg" | "other" | "teletype";
  /** The item number as printed (`01`); '' on a teletype NTM. */
  number: string;
  /** IMP codes: one on a NOTOC item; the list codes after the id on a teletype line. */
  codes: string[];
  /** '' for a bulk item. */
  uldId: string;
  /** Where the ULD id stands in the text (-1 for a bulk item). */
  offset: number;
  position: string;
  destination: string;
  awb: string;
  unNumber: string;
  /** Class or division (`2.1`, `9`). */
  dgClass: string;
  /** Net quantity as printed (`9.0K`, `0.125L`). */
  quantity: string;
  /** Cargo aircraft only: `Y`, `N`, or '' when not printed. */
  cao: string;
  /** 1-based line where the item starts. */
  line: number;
}

/** An NTM as read: its layout, flight info (`AC857/23`) and items. */
export interface NtmReading {
  layout: NtmLayout;
  flight: string | null;
  items: NtmItem[];
}

/** Flight info `AA999/99`: 2 characters, 3-4 digits, a slash and the day (spec messages). */
export const FLIGHT_INFO_RE = /(?<![A-Z0-9])([A-Z0-9]{2}\d{3,4}\/\d{2})(?!\d)/;

const RULE_RE = /^\s*[*-]{5,}\s*$/;
const ITEM_RE = /^\s*(\d{1,3})\.\s*/;
const END_RE = /^\s*(SI\b|THERE IS NO EVIDENCE|LOADING SUPERVISOR|CAPTAIN)/;
const IMP_RE = /^[A-Z]{3}$/;
const CAO_RE = /^[NY]$/;
const POSITION_RE = /^(?:\d{1,3}[A-Z]{0,2}|[A-Z]{1,2}\d{1,2}[A-Z]?)$/;
const PACKING_GROUP_RE = /^I{1,3}$/;
const AWB_RE = /^(?:\d{3}-?)?\d{8}$/;
const UN_RE = /^(?:UN)?(\d{4})$/;
const CLASS_RE = /^\d(?:\.\d[A-Z]?)?$/;
const QUANTITY_RE = /^\d+\.\d+(?:K|KG|L)$/;
const ERG_RE = /^\s*EMERGENCY RESPONSE CODE\b/;
const DESTINATION_RE = /^[A-Z]{3}$/;

interface Token {
  text: string;
  offset: number;
}

/** One line of a text, where it starts and its 1-based number. */
export interface Line {
  text: string;
  offset: number;
  number: number;
}

/** The lines of a text with their offsets and 1-based numbers (CRLF, LF or lone CR). */
export function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  const re = /[^\r\n]*(?:\r\n|\r|\n|$)/g;
  let n = 0;
  for (const m of text.matchAll(re)) {
    if (m[0] === "" && m.index >= text.length) break;
    lines.push({ text: m[0].replace(/[\r\n]+$/, ""), offset: m.index, number: ++n });
  }
  return lines;
}

function tokensOf(line: Line, from = 0): Token[] {
  const tokens: Token[] = [];
  const re = /\S+/g;
  re.lastIndex = from;
  for (let m = re.exec(line.text); m !== null; m = re.exec(line.text)) {
    tokens.push({ text: m[0], offset: line.offset + m.index });
  }
  return tokens;
}

/** A ULD id: the length is tested first, as most tokens are not one (idShape makes an array). */
const isUldId = (token: string) =>
  token.length >= 9 && token.length <= 11 && idShape(token) !== null && /\d/.test(token.slice(3));

/** True when the lines are a printed NOTOC (messages/recognise.ts isNotocShapeLine). */
function hasNotocShape(lines: readonly Line[]): boolean {
  return lines.some((line) => isNotocShapeLine(line.text));
}

/**
 * The IMP group at the end of a line's tokens: `IMP [CAO] POS [ULD]`, the IMP code standing first
 * on the line or after a packing group or a figure (never after a word of the item's name).
 */
function impGroup(tokens: readonly Token[]) {
  let end = tokens.length;
  let uld: Token | null = null;
  if (end > 0 && isUldId(tokens[end - 1].text)) uld = tokens[--end];
  if (end < 2 || !POSITION_RE.test(tokens[end - 1].text)) return null;
  const position = tokens[--end].text;
  let cao = "";
  if (end > 0 && CAO_RE.test(tokens[end - 1].text)) cao = tokens[--end].text;
  if (end < 1 || !IMP_RE.test(tokens[end - 1].text)) return null;
  const imp = tokens[--end].text;
  const before = end > 0 ? tokens[end - 1].text : "";
  if (before !== "" && !PACKING_GROUP_RE.test(before) && !/\d/.test(before)) return null;
  return { imp, cao, position, uld, first: end };
}

function newItem(section: "dg" | "other", number: string, line: number): NtmItem {
  return {
    section,
    number,
    codes: [],
    uldId: "",
    offset: -1,
    position: "",
    destination: "",
    awb: "",
    unNumber: "",
    dgClass: "",
    quantity: "",
    cao: "",
    line,
  };
}

/**
 * The codes of each item being read, as a set beside its list (one map per reading): an item of
 * endless lines stays linear.
 */
type ItemCodes = Map<NtmItem, Set<string>>;

function addCode(itemCodes: ItemCodes, item: NtmItem, code: string): void {
  let seen = itemCodes.get(item);
  if (seen === undefined) itemCodes.set(item, seen = new Set());
  if (seen.has(code)) return;
  seen.add(code);
  item.codes.push(code);
}

/** Reads the fields of one line of an item into it (fields already read are kept). */
function readItemLine(
  itemCodes: ItemCodes,
  item: NtmItem,
  tokens: readonly Token[],
  isNameLine: boolean,
): void {
  const group = impGroup(tokens);
  const fields = group === null ? tokens : tokens.slice(0, group.first);
  if (group !== null) {
    addCode(itemCodes, item, group.imp);
    item.cao ||= group.cao;
    item.position ||= group.position;
    if (group.uld !== null && item.uldId === "") {
      item.uldId = group.uld.text;
      item.offset = group.uld.offset;
    }
  }
  if (isNameLine) {
    // the rest of the first line is the item's name, then (64 columns, other special load) its
    // pieces and quantity
    for (const t of fields) if (QUANTITY_RE.test(t.text)) item.quantity ||= t.text;
    return;
  }
  const last = fields[fields.length - 1];
  if (last !== undefined && item.uldId === "" && isUldId(last.text)) {
    item.uldId = last.text;
    item.offset = last.offset;
  }
  fields.forEach((t, i) => {
    if (i === 0 && DESTINATION_RE.test(t.text)) item.destination ||= t.text;
    else if (AWB_RE.test(t.text)) item.awb ||= t.text;
    else if (i > 0 && AWB_RE.test(fields[i - 1].text) && UN_RE.test(t.text)) {
      item.unNumber ||= UN_RE.exec(t.text)![1];
    } else if (i === 1 && CLASS_RE.test(t.text)) item.dgClass ||= t.text;
    else if (QUANTITY_RE.test(t.text)) item.quantity ||= t.text;
  });
}

/** Reads the numbered items of the sections of a printed NOTOC. */
function readPrinted(lines: readonly Line[]): NtmItem[] {
  const items: NtmItem[] = [];
  let section: "dg" | "other" | null = null;
  let item: NtmItem | null = null;
  const seen = new Map<string, NtmItem>();
  const itemCodes: ItemCodes = new Map();
  for (const line of lines) {
    const title = NOTOC_SECTION_RE.exec(line.text);
    if (title !== null) {
      section = title[1] === "DANGEROUS GOODS" ? "dg" : "other";
      item = null;
      continue;
    }
    if (END_RE.test(line.text)) {
      section = null;
      item = null;
      continue;
    }
    if (section === null) continue;
    if (RULE_RE.test(line.text)) {
      item = null;
      continue;
    }
    const start = ITEM_RE.exec(line.text);
    if (start !== null) {
      const key = `${section} ${Number(start[1])}`;
      // the 40-column rewrap sometimes prints an item twice: one item, its fields read once
      item = seen.get(key) ?? null;
      if (item === null) {
        item = newItem(section, start[1], line.number);
        seen.set(key, item);
        items.push(item);
      }
      readItemLine(itemCodes, item, tokensOf(line, start[0].length), true);
    } else if (item !== null && !ERG_RE.test(line.text)) {
      readItemLine(itemCodes, item, tokensOf(line), false);
    }
  }
  return items;
}

/** Reads a teletype NTM: each ULD id with the list codes that follow it on its line. */
function readTeletype(lines: readonly Line[], codes: ReadonlySet<string>): NtmItem[] {
  const items: NtmItem[] = [];
  for (const line of lines) {
    const tokens = splitWords(line);
    let current: NtmItem | null = null;
    for (const t of tokens) {
      if (isUldId(t.text)) {
        current = { ...newItem("other", "", line.number), section: "teletype" };
        current.uldId = t.text;
        current.offset = t.offset;
        items.push(current);
      } else if (current !== null && codes.has(t.text) && !current.codes.includes(t.text)) {
        current.codes.push(t.text);
      }
    }
  }
  return items;
}

/** The words of a line split at spaces, slashes and full stops, with their offsets. */
function splitWords(line: Line): Token[] {
  const words: Token[] = [];
  for (const m of line.text.matchAll(/[A-Z0-9]+/g)) {
    words.push({ text: m[0], offset: line.offset + m.index });
  }
  return words;
}

/** Each ULD id of a text with the list codes after it on its line (the teletype rule). */
export function readIdsWithCodes(upperText: string, codes: ReadonlySet<string>): NtmItem[] {
  return readTeletype(linesOf(upperText), codes);
}

/**
 * Reads an NTM: a printed NOTOC's items with their fields, or a teletype NTM's ULD ids with the
 * list codes after them. `codes` are the DGSL and XDGSL codes (the teletype form keeps only those).
 */
export function readNtm(text: string, codes: ReadonlySet<string>): NtmReading {
  const upper = upperAscii(typeof text === "string" ? text : "");
  const lines = linesOf(upper);
  const flight = FLIGHT_INFO_RE.exec(upper)?.[1] ?? null;
  if (!hasNotocShape(lines)) {
    return { layout: "teletype", flight, items: readTeletype(lines, codes) };
  }
  const widest = lines.reduce((n, l) => Math.max(n, l.text.trimEnd().length), 0);
  return { layout: widest > 44 ? "notoc-64" : "notoc-40", flight, items: readPrinted(lines) };
}
