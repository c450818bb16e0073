// Conversion history (design 7): the last 200 conversions stay on this device, in IndexedDB, and
// nothing of them goes to the server. Staff find a flight they converted an hour ago, often
// offline, and open its FFM and UWS in the converter again in one click.
//
// The list (flight, time, destinations, totals) is one small record read whole, so searching by
// flight is a filter in memory; each conversion's texts (FFM up to megabytes, UWS, the result
// without its per-ULD rows) are a record of their own, read only when opened. A new conversion
// writes its texts, the list, and drops what falls off the end in one transaction.
//
// The history belongs to the user who made it (issue 22, hole 14): its keys start with the
// signed-in user's employee code, nothing is read or written without a signed-in user, and the
// list in memory is dropped when the user changes (logout, another sign-in). The next person at
// a shared PC sees none of it; the same user sees theirs again after signing back in, and offline
// while their session is cached.

import { createStore, promisifyRequest, type UseStore } from "idb-keyval";
import { create } from "zustand";
import type { ConversionResult } from "../../../../engine/types.ts";
import { CONV_HISTORY } from "./texts/conv_history.ts";
import { text } from "../../i18n/i18n.ts";
import { useSession } from "../shell/session.ts";

/** How many conversions the device keeps. */
export const HISTORY_LIMIT = 200;

/** One conversion in the list. */
export interface HistorySummary {
  id: string;
  /** When it was converted (epoch ms). */
  at: number;
  /** Flight and day of the UWS header, e.g. `AC857/23`. */
  flight: string;
  /** Origin station of the header, e.g. `LHR`. */
  origin: string;
  /** First destination, and the second when there is one. */
  destinations: string[];
  totals: { gross: number; net: number; tare: number; ulds: number; bulk: number };
  /** What makes two conversions the same: flight, 2nd Dest and hashes of the FFM and UWS. */
  key?: string;
}

/** What re-opening a conversion puts back in the converter. */
export interface HistoryTexts {
  ffm: string;
  uws: string;
  /** The 2nd Dest the user had typed ('' when it came from the message). */
  secondDest: string;
  /** The result as it was shown, without its per-ULD rows. */
  result: ConversionResult;
}

/** The keys of one user's history: their list, and each conversion's texts. */
const indexKey = (owner: string) => `${owner}:index`;
const textKey = (owner: string, id: string) => `${owner}:entry:${id}`;
/** The list key of the history before it had owners: nobody's, so nobody reads it. */
const UNOWNED_INDEX = "index";
/** Warnings kept with a conversion (the converter shows at most this many). */
const WARNINGS_KEPT = 200;

let db: UseStore | null = null;
const store = () => (db ??= createStore("conversion-history", "entries"));

/** Whose history is in use: the signed-in user's code, or null (nobody's: nothing is kept). */
function owner(): string | null {
  return useSession.getState().user?.employeeCode ?? null;
}

/** Removes the history kept before it had owners (its list and texts), once. */
function dropUnowned(s: IDBObjectStore): void {
  const read = s.get(UNOWNED_INDEX) as IDBRequest<HistorySummary[] | undefined>;
  read.onsuccess = () => {
    if (read.result === undefined) return;
    for (const gone of read.result) s.delete(`entry:${gone.id}`);
    s.delete(UNOWNED_INDEX);
  };
}

/** The summary of a successful conversion. */
export function summaryOf(result: ConversionResult, at: number, id: string): HistorySummary {
  const [flight = "", origin = ""] = result.flightHeader.split(".");
  return {
    id,
    at,
    flight,
    origin,
    destinations: [result.firstDestination?.destination, result.secondDestination?.destination]
      .filter((d): d is string => typeof d === "string" && d !== ""),
    totals: {
      gross: result.totalGrossWeight,
      net: result.totalNetWeight,
      tare: result.totalTareWeight,
      ulds: result.numberOfUlds,
      bulk: result.bulkLoad,
    },
  };
}

/**
 * Characters hashed in one task. Hashing a 1 MB FFM and its UWS in one task took 6 ms at 1x CPU,
 * and 63 ms in one run where the loop ran long before it was compiled (issue 51).
 */
const HASH_CHUNK = 1 << 17;

/**
 * A short hash of a text (FNV-1a, 32 bits, with its length), to tell repeats apart cheaply; a
 * long text is hashed a chunk a task, so that the page answers in between.
 */
async function hashOf(text: string): Promise<string> {
  let h = 0x811c9dc5;
  for (let from = 0; from < text.length; from += HASH_CHUNK) {
    if (from > 0) await new Promise((next) => setTimeout(next));
    const to = Math.min(text.length, from + HASH_CHUNK);
    for (let i = from; i < to; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  }
  return `${text.length}.${(h >>> 0).toString(36)}`;
}

/** The key of a conversion: the same FFM, 2nd Dest and UWS again is the same conversion. */
export async function conversionKey(
  texts: Omit<HistoryTexts, "result">,
  flightHeader: string,
): Promise<string> {
  const [ffm, uws] = [await hashOf(texts.ffm), await hashOf(texts.uws)];
  return [flightHeader, texts.secondDest, ffm, uws].join("|");
}

/** Whether a conversion's flight matches what was typed (case and spaces ignored). */
export function matchesFlight(entry: HistorySummary, query: string): boolean {
  const q = query.replace(/\s+/g, "").toUpperCase();
  return q === "" || entry.flight.toUpperCase().includes(q);
}

/** History state and actions. */
export interface HistoryState {
  /** Newest first; null until read from the device. */
  entries: HistorySummary[] | null;
  /** Why the device's history cannot be used (private mode, storage full). */
  error: string | null;
  load(): Promise<void>;
  /** Keeps a successful conversion (the oldest beyond 200 go). */
  add(texts: Omit<HistoryTexts, "result">, result: ConversionResult): Promise<void>;
  /** The texts of a kept conversion, or null when they are gone. */
  texts(id: string): Promise<HistoryTexts | null>;
  /** Forgets every conversion the signed-in user kept on this device. */
  clear(): Promise<void>;
}

let seq = 0;

/**
 * Writes a conversion's texts and puts its summary at the top of the user's list, in one
 * transaction; the oldest beyond 200 and an earlier copy of the same conversion go. Returns the list.
 */
function putConversion(
  who: string,
  summary: HistorySummary,
  kept: HistoryTexts,
): Promise<HistorySummary[]> {
  return store()("readwrite", (s) => {
    const done = new Promise<HistorySummary[]>((resolve) => {
      const read = s.get(indexKey(who)) as IDBRequest<HistorySummary[] | undefined>;
      read.onsuccess = () => {
        // the same conversion again (after a reload too) moves to the top, not kept twice
        const before = read.result ?? [];
        const again = before.filter((e) => e.key === summary.key);
        const all = [summary, ...before.filter((e) => e.key !== summary.key)];
        for (const gone of [...again, ...all.slice(HISTORY_LIMIT)]) {
          s.delete(textKey(who, gone.id));
        }
        const next = all.slice(0, HISTORY_LIMIT);
        s.put(kept, textKey(who, summary.id));
        s.put(next, indexKey(who));
        resolve(next);
      };
    });
    return promisifyRequest(s.transaction).then(() => done);
  });
}

/** The history store. */
export const useHistory = create<HistoryState>()((set, get) => ({
  entries: null,
  error: null,

  async load() {
    const who = owner();
    if (who === null) return set({ entries: [], error: null });
    try {
      const entries = await store()("readwrite", (s) => {
        dropUnowned(s);
        return promisifyRequest(s.get(indexKey(who)) as IDBRequest<HistorySummary[] | undefined>);
      });
      if (owner() !== who) return; // signed out meanwhile: not the next user's list
      set({ entries: entries ?? [], error: null });
    } catch {
      set({ entries: [], error: text(CONV_HISTORY, "readFailed") });
    }
  },

  async add(texts, result) {
    const who = owner();
    if (who === null) return;
    const at = Date.now();
    const id = `${at.toString(36)}-${(seq++).toString(36)}`;
    const summary = {
      ...summaryOf(result, at, id),
      key: await conversionKey(texts, result.flightHeader),
    };
    if (owner() !== who) return; // signed out while it was hashed: kept for nobody else
    const kept: HistoryTexts = {
      ...texts,
      result: { ...result, ulds: [], warnings: result.warnings.slice(0, WARNINGS_KEPT) },
    };
    try {
      const list = await putConversion(who, summary, kept);
      if (owner() === who) set({ entries: list, error: null });
    } catch {
      // the conversion itself worked: only its copy on the device is missing
      set({
        entries: get().entries,
        error: text(CONV_HISTORY, "keepFailed"),
      });
    }
  },

  async texts(id) {
    const who = owner();
    if (who === null) return null;
    try {
      const found = await store()(
        "readonly",
        (s) => promisifyRequest(s.get(textKey(who, id)) as IDBRequest<HistoryTexts | undefined>),
      );
      return found ?? null;
    } catch {
      return null;
    }
  },

  async clear() {
    const who = owner();
    if (who === null) return set({ entries: [], error: null });
    try {
      await store()("readwrite", (s) => {
        // this user's keys only: `${who}:` up to `${who};` (';' follows ':')
        s.delete(IDBKeyRange.bound(`${who}:`, `${who};`, false, true));
        return promisifyRequest(s.transaction);
      });
      set({ entries: [], error: null });
    } catch {
      set({ error: text(CONV_HISTORY, "clearFailed") });
    }
  },
}));

// Another user (or none) on this device: the list in memory was the previous user's.
useSession.subscribe((now, before) => {
  if (now.user?.employeeCode !== before.user?.employeeCode) {
    useHistory.setState({ entries: null, error: null });
  }
});
