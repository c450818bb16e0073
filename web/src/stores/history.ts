// Conversion history (design 7): the last 200 conversions stay on this device, in IndexedDB, and
// nothing of them goes to the server. Staff find a flight they converted an hour ago, often
// offline, and open its FFM and UWS in the converter again in one click.
//
// The list (flight, time, destinations, totals) is one small record read whole, so searching by
// flight is a filter in memory; each conversion's texts (FFM up to megabytes, UWS, the result
// without its per-ULD rows) are a record of their own, read only when opened. A new conversion
// writes its texts, the list, and drops what falls off the end in one transaction.

import { createStore, promisifyRequest, type UseStore } from "idb-keyval";
import { create } from "zustand";
import type { ConversionResult } from "../../../engine/types.ts";

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

const INDEX = "index";
const textKey = (id: string) => `entry:${id}`;
/** Warnings kept with a conversion (the converter shows at most this many). */
const WARNINGS_KEPT = 200;

let db: UseStore | null = null;
const store = () => (db ??= createStore("conversion-history", "entries"));

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
  /** Forgets every kept conversion on this device. */
  clear(): Promise<void>;
}

let seq = 0;

/** The history store. */
export const useHistory = create<HistoryState>()((set, get) => ({
  entries: null,
  error: null,

  async load() {
    try {
      const entries = await store()(
        "readonly",
        (s) => promisifyRequest(s.get(INDEX) as IDBRequest<HistorySummary[] | undefined>),
      );
      set({ entries: entries ?? [], error: null });
    } catch {
      set({ entries: [], error: "The conversion history cannot be read on this device." });
    }
  },

  async add(texts, result) {
    const at = Date.now();
    const summary = summaryOf(result, at, `${at.toString(36)}-${(seq++).toString(36)}`);
    const kept: HistoryTexts = {
      ...texts,
      result: { ...result, ulds: [], warnings: result.warnings.slice(0, WARNINGS_KEPT) },
    };
    try {
      const list = await store()("readwrite", (s) => {
        const done = new Promise<HistorySummary[]>((resolve) => {
          const read = s.get(INDEX) as IDBRequest<HistorySummary[] | undefined>;
          read.onsuccess = () => {
            const all = [summary, ...(read.result ?? [])];
            for (const gone of all.slice(HISTORY_LIMIT)) s.delete(textKey(gone.id));
            const next = all.slice(0, HISTORY_LIMIT);
            s.put(kept, textKey(summary.id));
            s.put(next, INDEX);
            resolve(next);
          };
        });
        return promisifyRequest(s.transaction).then(() => done);
      });
      set({ entries: list, error: null });
    } catch {
      // the conversion itself worked: only its copy on the device is missing
      set({
        entries: get().entries,
        error: "This conversion could not be kept in the history (device storage).",
      });
    }
  },

  async texts(id) {
    try {
      const found = await store()(
        "readonly",
        (s) => promisifyRequest(s.get(textKey(id)) as IDBRequest<HistoryTexts | undefined>),
      );
      return found ?? null;
    } catch {
      return null;
    }
  },

  async clear() {
    try {
      await store()("readwrite", (s) => {
        s.clear();
        return promisifyRequest(s.transaction);
      });
      set({ entries: [], error: null });
    } catch {
      set({ error: "The conversion history could not be cleared." });
    }
  },
}));
