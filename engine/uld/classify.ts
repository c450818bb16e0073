// The extractor's judgement of the rows read (design 4.5): validity, ownership, category and the
// flags of each ULD; duplicates within and across messages; the statistics. Each pass is linear
// in the rows.

import { ALNUM_CODES, alnumCodeAt } from "../codes.ts";
import { idShapeAt, isIataType, isUnknownLoadType } from "./ids.ts";
import { type RowBuilder, S } from "./rows.ts";
import type { Warn } from "./reader.ts";
import { sayUld } from "./texts.ts";
import type { CategoryCounts, UldMessageDetails, UldStatistics, UldTable } from "../types.ts";

const emptyCounts = (): CategoryCounts => ({ plt: 0, ake: 0, pla: 0, others: 0, total: 0 });

/** Statistics with every count at zero. */
export function emptyStatistics(): UldStatistics {
  return {
    owned: 0,
    rented: 0,
    foreign: 0,
    total: 0,
    categories: emptyCounts(),
    byOwnership: { owned: emptyCounts(), rented: emptyCounts(), foreign: emptyCounts() },
  };
}

/** How the rows of a paste are judged: the owner code of each message and the settings. */
export interface Judge {
  /** The owner code that counts as owned, per message. */
  ownerCodes: readonly string[];
  rented: ReadonlySet<string>;
  knownTypes: ReadonlySet<string>;
}

/** An owner code of b[at..at+length) as a number; distinct for distinct codes of 2-3 characters. */
function ownerNumber(b: Uint8Array, at: number, length: number): number {
  let code = 1;
  for (let k = at; k < at + length; k++) code = code * 256 + b[k];
  return code;
}

/** ownerNumber of a code given as a string. */
function codeNumber(code: string): number {
  let n = 1;
  for (let k = 0; k < code.length; k++) n = n * 256 + Math.min(code.charCodeAt(k), 255);
  return n;
}

/** The row with the same ULD number as row i among those hashed so far, or -1 (and adds i). */
function sameNumber(rows: RowBuilder, table: Int32Array, i: number): number {
  const ids = rows.idBytes;
  const a = i === 0 ? 0 : rows.idEnd[i - 1];
  const b = rows.idEnd[i];
  let h = 0x811c9dc5;
  for (let k = a; k < b; k++) h = Math.imul(h ^ ids[k], 0x01000193);
  const mask = table.length - 1;
  for (let slot = h & mask;; slot = (slot + 1) & mask) {
    const r = table[slot] - 1;
    if (r === -1) {
      table[slot] = i + 1;
      return -1;
    }
    const ra = r === 0 ? 0 : rows.idEnd[r - 1];
    if (rows.idEnd[r] - ra !== b - a) continue;
    let k = 0;
    while (k < b - a && ids[ra + k] === ids[a + k]) k++;
    if (k === b - a) return r;
  }
}

const DECODER = new TextDecoder();

/** The ULD number of row i of the builder as a string (for warnings). */
function idText(rows: RowBuilder, i: number): string {
  const a = i === 0 ? 0 : rows.idEnd[i - 1];
  return DECODER.decode(rows.idBytes.subarray(a, rows.idEnd[i]));
}

/**
 * Validity, ownership, category and the flags of each row; same-number chains (firstSame,
 * nextSame) with the occurrence numbers; duplicates (the number twice in the paste) and numbers
 * in more than one message. Ids, types and owners are read from the numbers' bytes and compared
 * as numbers; the same numbers are found through a hash table of rows.
 */
export function classifyRows(t: UldTable, rows: RowBuilder, judge: Judge, warn: Warn): void {
  const owners = judge.ownerCodes.map(codeNumber);
  const rented = new Set([...judge.rented].map(codeNumber));
  const typeValid = new Int8Array(ALNUM_CODES); // 0 not seen yet, 1 valid, 2 not
  const unknownLoad = new Uint8Array(rows.strings.length);
  rows.strings.forEach((s, k) => (unknownLoad[k] = isUnknownLoadType(s) ? 1 : 0));
  let size = 16;
  while (size * 3 < t.count * 4) size *= 2; // filled to three quarters at most
  const table = new Int32Array(size);
  const ids = rows.idBytes;
  for (let i = 0; i < t.count; i++) {
    const a = i === 0 ? 0 : rows.idEnd[i - 1];
    const n = rows.idEnd[i] - a;
    const shape = idShapeAt(ids, a, n);
    if (shape !== null) {
      const owner = ownerNumber(ids, a + n - shape.ownerLength, shape.ownerLength);
      t.ownershipType[i] = owner === owners[t.message[i]]
        ? S.Owned
        : rented.has(owner)
        ? S.Rented
        : S.Foreign;
      t.hasThreeLetterOwner[i] = shape.ownerLength === 3 ? 1 : 0;
      t.isFourDigit[i] = shape.serialLength === 4 ? 1 : 0;
      const code = alnumCodeAt(ids, a);
      if (typeValid[code] === 0) {
        const type = String.fromCharCode(ids[a], ids[a + 1], ids[a + 2]);
        typeValid[code] = judge.knownTypes.has(type) || isIataType(type) ? 1 : 2;
      }
      t.isValid[i] = typeValid[code] === 1 ? 1 : 0;
      if (typeValid[code] === 2) {
        const id = idText(rows, i);
        warn(t.line[i], sayUld("uld:unknown_type", { id, type: id.slice(0, 3) }));
      }
    } else {
      t.ownershipType[i] = S.Unknown;
      t.isFourDigit[i] = n >= 8 && n - 5 === 4 ? 1 : 0; // the spec's rule on the length
      warn(t.line[i], sayUld("uld:not_a_uld_number", { id: idText(rows, i) }));
    }
    const c0 = ids[a];
    t.category[i] = c0 === 65 && ids[a + 1] === 75 && ids[a + 2] === 69 && n >= 3 // AKE
      ? S.AKE
      : c0 === 80 && ids[a + 1] === 76 && ids[a + 2] === 65 && n >= 3 // PLA
      ? S.PLA
      : c0 === 80 // other P types
      ? S.PLT
      : S.Others;
    t.isUnknownLoadType[i] = unknownLoad[t.loadType[i]];

    // while the rows are read, a first row's firstSame holds -(its chain's last row + 1)
    t.nextSame[i] = -1;
    const first = sameNumber(rows, table, i);
    if (first === -1) {
      t.firstSame[i] = -(i + 1);
      t.occurrenceNumber[i] = 1;
      continue;
    }
    const prev = -t.firstSame[first] - 1;
    t.nextSame[prev] = i;
    t.firstSame[first] = -(i + 1);
    t.firstSame[i] = first;
    t.occurrenceNumber[i] = t.occurrenceNumber[prev] + 1;
    // the chain so far is in one message until marked: a row of another marks it all, once
    if (t.isInOtherMessage[first] === 1) t.isInOtherMessage[i] = 1;
    else if (t.message[i] !== t.message[first]) {
      for (let q = first; q !== -1; q = t.nextSame[q]) t.isInOtherMessage[q] = 1;
    }
  }
  for (let i = 0; i < t.count; i++) if (t.firstSame[i] < 0) t.firstSame[i] = i;
  markDuplicates(t);
}

/** The section that pairs with a UCM row's as a through ULD: IN with OUT (or OUT/OFF), 0 none. */
const partnerOf = (section: number) =>
  section === S.IN ? -1 : section === S.OUT || section === S.OFF ? 1 : 0;

/**
 * Duplicates: a row is one when another row has its number, except that a ULD in the IN and in
 * the OUT of the same UCM is a through ULD (it came in and went out on the flight), so such a
 * pair does not make either a duplicate (issue 23); the same number twice in IN, twice in OUT,
 * or in another message still does. A chain's rows of one message stand together (rows are in
 * the paste's order), so each chain is walked twice per message: linear in the rows.
 */
function markDuplicates(t: UldTable): void {
  for (let first = 0; first < t.count; first++) {
    if (t.firstSame[first] !== first || t.nextSame[first] === -1) continue;
    let size = 0;
    for (let r = first; r !== -1; r = t.nextSame[r]) size++;
    for (let g = first; g !== -1;) {
      const m = t.message[g];
      let ins = 0;
      let outs = 0;
      let end = g;
      for (; end !== -1 && t.message[end] === m; end = t.nextSame[end]) {
        const side = partnerOf(t.section[end]);
        if (side === -1) ins++;
        else if (side === 1) outs++;
      }
      for (let r = g; r !== end; r = t.nextSame[r]) {
        const side = partnerOf(t.section[r]);
        const partners = side === -1 ? outs : side === 1 ? ins : 0;
        t.isDuplicate[r] = size - 1 - partners > 0 ? 1 : 0;
      }
      g = end;
    }
  }
}

/** The statistics of each message: its listed ULDs (owned, rented, foreign) per category. */
export function countByMessage(t: UldTable, messages: readonly UldMessageDetails[]): void {
  const counts = new Int32Array(12); // [ownership * 4 + category], both in the order of S
  for (const m of messages) {
    counts.fill(0);
    for (let i = m.firstRow; i < m.firstRow + m.rowCount; i++) {
      const o = t.ownershipType[i] - S.Owned;
      if (o < 3) counts[o * 4 + t.category[i] - S.PLT]++;
    }
    m.statistics = statisticsOf(counts);
  }
}

/** The counts of one ownership (0 owned, 1 rented, 2 foreign) per category, and their total. */
function ownershipCounts(counts: Int32Array, o: number): CategoryCounts {
  const plt = counts[o * 4];
  const ake = counts[o * 4 + 1];
  const pla = counts[o * 4 + 2];
  const others = counts[o * 4 + 3];
  return { plt, ake, pla, others, total: plt + ake + pla + others };
}

/** The statistics of one message's counts (top-level helpers, not closures made per message:
 * a day of traffic has a thousand messages, and the closures cost 0.2 MB of its peak memory). */
function statisticsOf(counts: Int32Array): UldStatistics {
  const owned = ownershipCounts(counts, 0);
  const rented = ownershipCounts(counts, 1);
  const foreign = ownershipCounts(counts, 2);
  const total = owned.total + rented.total + foreign.total;
  return {
    owned: owned.total,
    rented: rented.total,
    foreign: foreign.total,
    total,
    categories: {
      plt: owned.plt + rented.plt + foreign.plt,
      ake: owned.ake + rented.ake + foreign.ake,
      pla: owned.pla + rented.pla + foreign.pla,
      others: owned.others + rented.others + foreign.others,
      total,
    },
    byOwnership: { owned, rented, foreign },
  };
}

/** The sum of several statistics. */
export function addStatistics(all: readonly UldStatistics[]): UldStatistics {
  const sum = emptyStatistics();
  const add = (a: CategoryCounts, b: CategoryCounts) => {
    a.plt += b.plt;
    a.ake += b.ake;
    a.pla += b.pla;
    a.others += b.others;
    a.total += b.total;
  };
  for (const s of all) {
    sum.owned += s.owned;
    sum.rented += s.rented;
    sum.foreign += s.foreign;
    sum.total += s.total;
    add(sum.categories, s.categories);
    add(sum.byOwnership.owned, s.byOwnership.owned);
    add(sum.byOwnership.rented, s.byOwnership.rented);
    add(sum.byOwnership.foreign, s.byOwnership.foreign);
  }
  return sum;
}
