// Checks across the messages of a paste (design 4.5): ULDs read differently by two messages of
// the same flight and direction (conflicts, with every reading), and the UCM balance of each
// station. Both walk the same-number chains the classifier made, so they stay linear.

import { flightNumbers } from "./flight.ts";
import { grow } from "./messages.ts";
import { numberAt, S } from "./rows.ts";
import type { UldConflict, UldMessageDetails, UldTable, UldTableBalance } from "../types.ts";

/**
 * The flight of each message as a group number (-1 without a flight): messages that share a
 * flight number on the same day are one flight; `PK719/720` joins PK719 and PK720.
 */
function flightGroups(messages: readonly UldMessageDetails[]): Int32Array {
  const parent = new Int32Array(messages.length).map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  const byKey = new Map<string, number>();
  const group = new Int32Array(messages.length).fill(-1);
  messages.forEach((m, i) => {
    const day = m.flightDate.slice(0, 2);
    const numbers = flightNumbers(m.flightNumber);
    for (let k = 0; k < numbers.length; k++) {
      const key = `${numbers[k]}/${day}`;
      const other = byKey.get(key);
      if (other === undefined) byKey.set(key, i);
      else parent[find(i)] = find(other);
      group[i] = 0;
    }
  });
  for (let i = 0; i < messages.length; i++) if (group[i] === 0) group[i] = find(i);
  return group;
}

/**
 * ULDs whose load type or destination differs between messages of the same flight that describe
 * the same direction (a UCM OUT and the CPM of the departure; IN against OUT is movement, not a
 * conflict). Only readings that give a value count; each conflict lists all of them.
 */
export function findConflicts(t: UldTable, messages: readonly UldMessageDetails[]): UldConflict[] {
  const groups = flightGroups(messages);
  const cpm = messages.map((m) => m.messageType === "CPM");
  const conflicts: UldConflict[] = [];
  // the rows of one chain that have a flight and a direction, and their partition key, in
  // buffers reused for every chain (15,000 chains in a day of traffic; arrays per chain were 12 MB)
  let chain = new Int32Array(64);
  let keys = new Int32Array(64);
  for (let first = 0; first < t.count; first++) {
    if (t.firstSame[first] !== first || t.isInOtherMessage[first] === 0) continue;
    let n = 0;
    for (let r = first; r !== -1; r = t.nextSame[r]) {
      const m = t.message[r];
      // the direction: 1 in (UCM IN), 2 out (UCM OUT, CPM), none for the rest
      const dir = t.section[r] === S.IN ? 1 : t.section[r] === S.OUT || cpm[m] ? 2 : 0;
      if (groups[m] === -1 || dir === 0) continue;
      if (n === chain.length) {
        chain = grow(chain, n * 2);
        keys = grow(keys, n * 2);
      }
      chain[n] = r;
      keys[n++] = groups[m] * 4 + dir;
    }
    if (n < 2) continue;
    findFieldConflicts(t, "loadType", chain, keys, n, first, conflicts);
    findFieldConflicts(t, "destination", chain, keys, n, first, conflicts);
  }
  return conflicts;
}

function addConflict(
  t: UldTable,
  field: "loadType" | "destination",
  list: readonly number[],
  first: number,
  out: UldConflict[],
): void {
  const column = t[field];
  for (const r of list) t.isConflict[r] = 1;
  out.push({
    uldNumber: numberAt(t, first),
    field,
    readings: list.map((r) => ({
      message: t.message[r],
      line: t.line[r],
      value: t.strings[column[r]],
    })),
  });
}

/**
 * The conflicts of one field in one chain: a partition (same key) with at least two values from
 * at least two messages (which always holds two rows of different messages and values). A chain
 * is a handful of rows and is checked in place; one of many rows (a number pasted over and over)
 * is partitioned through a map first, so that the check stays linear.
 */
function findFieldConflicts(
  t: UldTable,
  field: "loadType" | "destination",
  chain: Int32Array,
  keys: Int32Array,
  n: number,
  first: number,
  out: UldConflict[],
): void {
  const column = t[field];
  if (n <= 16) {
    for (let a = 0; a < n; a++) {
      const ra = chain[a];
      if (column[ra] === 0) continue;
      let leader = true; // the partition is checked from its first row with a value
      let values = false;
      let messages = false;
      for (let b = 0; b < n; b++) {
        const rb = chain[b];
        if (b === a || keys[b] !== keys[a] || column[rb] === 0) continue;
        if (b < a) {
          leader = false;
          break;
        }
        values ||= column[rb] !== column[ra];
        messages ||= t.message[rb] !== t.message[ra];
      }
      if (!leader || !values || !messages) continue;
      const list: number[] = [];
      for (let b = a; b < n; b++) {
        if (keys[b] === keys[a] && column[chain[b]] !== 0) list.push(chain[b]);
      }
      addConflict(t, field, list, first, out);
    }
    return;
  }
  const partitions = new Map<number, number[]>();
  for (let a = 0; a < n; a++) {
    if (column[chain[a]] === 0) continue;
    const list = partitions.get(keys[a]);
    if (list === undefined) partitions.set(keys[a], [chain[a]]);
    else list.push(chain[a]);
  }
  for (const list of partitions.values()) {
    let values = false;
    let messages = false;
    for (const r of list) {
      values ||= column[r] !== column[list[0]];
      messages ||= t.message[r] !== t.message[list[0]];
    }
    if (values && messages) addConflict(t, field, list, first, out);
  }
}

/** A station's mark of a number it lists IN, and of one it lists OUT. */
const IN_MARK = 1;
const OUT_MARK = 2;

/**
 * The UCM balance of each station: the distinct listed ULD numbers its UCMs name IN and OUT, and
 * those that went OUT without having come IN (anywhere in the paste's UCMs of that station), as
 * the first row of each number. Numbers are marked in one byte array (bit 1 in, bit 2 out),
 * cleared after each station: no set per station. The OUT numbers of a station are listed in an
 * array of its largest station's rows, not of the paste's (in a day of traffic, 0.2 MB less).
 */
export function stationBalance(
  t: UldTable,
  messages: readonly UldMessageDetails[],
): UldTableBalance[] {
  const byStation = new Map<string, UldMessageDetails[]>();
  const rowsAt = new Map<string, number>();
  let most = 0;
  for (const m of messages) {
    if (m.messageType !== "UCM") continue;
    const list = byStation.get(m.senderStation);
    if (list === undefined) byStation.set(m.senderStation, [m]);
    else list.push(m);
    const rows = (rowsAt.get(m.senderStation) ?? 0) + m.rowCount;
    rowsAt.set(m.senderStation, rows);
    most = Math.max(most, rows);
  }
  // marks of the numbers in (1) and out (2) at the station being counted, cleared after it
  const mark = new Uint8Array(t.count);
  const outs = new Uint32Array(most);
  const balance: UldTableBalance[] = [];
  for (const [station, ucms] of byStation) {
    let ins = 0;
    let out = 0;
    for (const m of ucms) {
      for (let i = m.firstRow; i < m.firstRow + m.rowCount; i++) {
        if (t.ownershipType[i] === S.Unknown) continue;
        const first = t.firstSame[i];
        if (t.section[i] === S.IN && (mark[first] & IN_MARK) === 0) {
          mark[first] |= IN_MARK;
          ins++;
        } else if (t.section[i] === S.OUT && (mark[first] & OUT_MARK) === 0) {
          mark[first] |= OUT_MARK;
          outs[out++] = first;
        }
      }
    }
    let without = 0;
    for (let k = 0; k < out; k++) if ((mark[outs[k]] & IN_MARK) === 0) outs[without++] = outs[k];
    balance.push({ station, in: ins, out, outWithoutInRows: outs.slice(0, without) });
    for (const m of ucms) {
      for (let i = m.firstRow; i < m.firstRow + m.rowCount; i++) mark[t.firstSame[i]] = 0;
    }
  }
  return balance;
}
