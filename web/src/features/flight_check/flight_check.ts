// The converter's Flight check tab (design 4.7): one flight's messages pasted together, read in
// the engine worker, the findings shown and copied. With an FFM and no UWS the engine makes the
// converter's UWS, so the check gets the converter's reference lists, 2nd Dest and Show PER: only
// a 2nd Dest of the pasted FFM's flight, the one its conversion was made with (second_dest.ts).
//
// The paste and the tolerances stay on the device (localStorage through persist, as the other
// kept stores do), so a reload or a lost connection loses nothing; a sign-out forgets the paste,
// as the history does (issue 22): the next person at a shared PC sees no other flight's cargo.
// A result belongs to the paste, tolerances and reference lists it was made from: an edit or new
// lists mark it out of date and Copy findings then refuses, as Copy Output does in the converter
// (issue 23). So does an edit made while the check runs (issue 52): the result it ends with is
// of a paste no longer shown.

import { create } from "zustand";
import { persist } from "zustand/middleware";
import type { FlightCheckOptions, FlightCheckResult } from "../../../../engine/flight/types.ts";
import { engine, supersede } from "../../lib/engine/bridge.ts";
import { engineFailure } from "../../lib/engine/failure.ts";
import { CONV_FLIGHT } from "./texts/conv_flight.ts";
import { text } from "../../i18n/i18n.ts";
import { copyText, useConverter } from "../converter/converter.ts";
import { keptInLocalStorage } from "../../lib/persisted.ts";
import {
  listsKey,
  type ReferenceOptions,
  useReference,
  whenListsChange,
} from "../database/reference.ts";
import { useSession } from "../shell/session.ts";
import {
  convertedSecondDest,
  secondDestFor,
  type SecondDestUse,
  secondDestUse,
} from "./second_dest.ts";

/** The localStorage key of the paste and the tolerances. */
export const FLIGHT_CHECK_KEY = "portal.flightCheck";

/** The tab's texts in the language shown when each is read. Where the engine's report says the
 * same (engine/flight/texts.ts), the English catalogue holds the engine's words
 * (flight_check.test.ts fails when the two part): the page reads no engine code at run time. */
export const FLIGHT_TEXTS = {
  get empty() {
    return text(CONV_FLIGHT, "empty");
  },
  get tolerance() {
    return text(CONV_FLIGHT, "tolerance");
  },
  get copied() {
    return text(CONV_FLIGHT, "copied");
  },
  get copyFailed() {
    return text(CONV_FLIGHT, "copyFailed");
  },
  get staleCopy() {
    return text(CONV_FLIGHT, "staleCopy");
  },
  get stale() {
    return text(CONV_FLIGHT, "stale");
  },
  get staleLists() {
    return text(CONV_FLIGHT, "staleLists");
  },
  get none() {
    return text(CONV_FLIGHT, "none");
  },
  get uwsFromFfm() {
    return text(CONV_FLIGHT, "uwsFromFfm");
  },
  get unread() {
    return text(CONV_FLIGHT, "unread");
  },
};

/** Default CPM weight tolerances (design 4.7: the larger of 50 kg and 5% counts). */
export const DEFAULT_TOLERANCE = { kg: 50, percent: 5 } as const;

/** What the user typed; a tolerance is null while its field is empty. */
export interface FlightCheckInputs {
  text: string;
  toleranceKg: number | null;
  tolerancePercent: number | null;
}

/** The line under the buttons. */
export interface FlightStatus {
  tone: "success" | "warning" | "error";
  text: string;
}

/** Flight check state and actions. */
export interface FlightCheckState extends FlightCheckInputs {
  busy: boolean;
  /** The last check's result (ok or not). */
  result: FlightCheckResult | null;
  /** Why the last check gave no reading: the engine's error, or the worker's failure. */
  error: string | null;
  status: FlightStatus | null;
  /** The paste, the tolerances or the reference lists changed since the result shown was made. */
  stale: boolean;
  /** The inputs of the result shown, and the key of the lists it was made with. */
  made: Made | null;
  /** The 2nd Dest the result shown was checked with, and the converter's it left out. */
  secondDest: SecondDestUse | null;
  /** Changes the paste or a tolerance. */
  update(patch: Partial<FlightCheckInputs>): void;
  /** Checks the pasted messages in the engine worker. */
  check(): Promise<void>;
  /** Copies the result's report; refuses an out-of-date one. */
  copyFindings(): Promise<void>;
  /** Empties the paste and forgets the result, for the next flight (the tolerances stay). */
  clear(): void;
}

const INPUTS: FlightCheckInputs = {
  text: "",
  toleranceKg: DEFAULT_TOLERANCE.kg,
  tolerancePercent: DEFAULT_TOLERANCE.percent,
};
/** What a result was made from. */
type Made = FlightCheckInputs & { lists: string };

const NO_RESULT = {
  result: null,
  error: null,
  status: null,
  stale: false,
  made: null,
  secondDest: null,
};

const usable = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && v >= 0;
const tolerance = (v: unknown): v is number | null => v === null || usable(v);

/** The kept part from a stored state, or null when it is not one. */
function kept(state: unknown): FlightCheckInputs | null {
  const s = state as Partial<FlightCheckInputs> | null;
  if (typeof s?.text !== "string") return null;
  if (!tolerance(s.toleranceKg) || !tolerance(s.tolerancePercent)) return null;
  return { text: s.text, toleranceKg: s.toleranceKg, tolerancePercent: s.tolerancePercent };
}

const sameInputs = (a: FlightCheckInputs, b: FlightCheckInputs) =>
  a.text === b.text && a.toleranceKg === b.toleranceKg &&
  a.tolerancePercent === b.tolerancePercent;

/** Why the result shown is out of date: new reference lists (which no edit undoes), an edit of
 * the paste or a tolerance, or null when it is current. */
export function staleCause(
  state: Pick<FlightCheckState, "made"> & FlightCheckInputs = useFlightCheck.getState(),
): "inputs" | "lists" | null {
  const { made } = state;
  if (made === null) return null;
  if (made.lists !== listsKey(useReference.getState().options)) return "lists";
  return sameInputs(made, state) ? null : "inputs";
}

/** The reference lists, loaded first when no screen has read them yet. */
async function lists(): Promise<ReferenceOptions> {
  if (useReference.getState().source === null) await useReference.getState().load();
  return useReference.getState().options;
}

/** A newer check drops the one still going. */
const nextCheck = supersede();

/** The engine's check with the converter's settings; null when a newer check replaced it. */
function runCheck(text: string, options: FlightCheckOptions) {
  return engine.checkFlight(text, options, { signal: nextCheck() });
}

/**
 * Checks with the 2nd Dest of the converter's last conversion; when the pasted FFM is another
 * flight than that conversion's, checks again without it. Says which 2nd Dest it used.
 */
async function checkWith(pasted: string, options: FlightCheckOptions) {
  const converter = useConverter.getState();
  const run = (secondDestination: string) =>
    runCheck(pasted, { ...options, secondDestination, showPerInUws: converter.showPer });
  let used = convertedSecondDest(converter)?.code ?? "";
  let r = await run(used);
  if (r !== null && r.ok && used !== "" && secondDestFor(converter, r.flight) !== used) {
    used = "";
    r = await run(used);
  }
  return { r, secondDest: r?.ok ? secondDestUse(converter, r.flight, used) : null };
}

/** What a check that threw says: a crashed engine in the shared words, else the error as it came. */
const failed = (err: unknown) => engineFailure(err, String(err));

/** The flight check store. */
export const useFlightCheck = create<FlightCheckState>()(persist(
  (set, get) => ({
    ...INPUTS,
    ...NO_RESULT,
    busy: false,

    update(patch) {
      const next = { ...get(), ...patch };
      set({ ...patch, stale: staleCause(next) !== null });
    },

    async check() {
      const { text, toleranceKg, tolerancePercent } = get();
      if (text.trim() === "") {
        set({ status: { tone: "error", text: FLIGHT_TEXTS.empty } });
        return;
      }
      if (!usable(toleranceKg) || !usable(tolerancePercent)) {
        set({ status: { tone: "error", text: FLIGHT_TEXTS.tolerance } });
        return;
      }
      set({ busy: true, status: null });
      try {
        const used = await lists();
        const options = { ...used, toleranceKg, tolerancePercent };
        const { r, secondDest } = await checkWith(text, options);
        if (r === null) return; // a newer check replaced this one
        const made = { text, toleranceKg, tolerancePercent, lists: listsKey(used) };
        set({
          result: r,
          error: r.ok ? null : r.error || FLIGHT_TEXTS.unread,
          status: null,
          secondDest,
          // current only when the boxes still hold what it checked
          stale: staleCause({ ...get(), made }) !== null,
          made,
        });
      } catch (err) {
        set({ ...NO_RESULT, error: failed(err) });
      } finally {
        set({ busy: false });
      }
    },

    clear() {
      set({ ...NO_RESULT, text: "" });
    },

    async copyFindings() {
      const { result, stale } = get();
      if (result === null || !result.ok) return;
      if (stale) {
        set({ status: { tone: "error", text: FLIGHT_TEXTS.staleCopy } });
        return;
      }
      const copied = await copyText(result.report);
      set({
        status: copied
          ? { tone: "success", text: FLIGHT_TEXTS.copied }
          : { tone: "error", text: FLIGHT_TEXTS.copyFailed },
      });
    },
  }),
  keptOnDevice(),
));

/**
 * persist's options for the paste and the tolerances. Every change of the store writes them, so
 * a write repeats nothing already stored, and a paste too large for the browser's storage stays
 * for this page only instead of breaking the change that wrote it.
 */
function keptOnDevice() {
  const options = keptInLocalStorage(
    FLIGHT_CHECK_KEY,
    { read: kept, legacy: () => null },
    (s: FlightCheckState): FlightCheckInputs => ({
      text: s.text,
      toleranceKg: s.toleranceKg,
      tolerancePercent: s.tolerancePercent,
    }),
  );
  const storage = options.storage;
  if (storage === undefined) return options;
  let written: FlightCheckInputs | null = null;
  return {
    ...options,
    storage: {
      ...storage,
      setItem(name: string, value: { state: FlightCheckInputs; version?: number }) {
        if (written !== null && sameInputs(written, value.state)) return;
        try {
          storage.setItem(name, value);
          written = value.state;
        } catch {
          written = null; // quota or private mode: kept in memory for this page
        }
      },
      removeItem(name: string) {
        written = null;
        storage.removeItem(name);
      },
    },
  };
}

// Signed out, or another user: the paste and its result were the previous user's.
useSession.subscribe((now, before) => {
  if (before.user === null || now.user?.employeeCode === before.user.employeeCode) return;
  useFlightCheck.setState({ ...NO_RESULT, text: "" });
});

// New reference lists make the findings out of date: the check's UWS from an FFM, and its weights,
// came from the lists it was made with. Also when an edit made them out of date already, so that
// the note names the lists, which no edit undoes.
whenListsChange(() => useFlightCheck.getState().made?.lists ?? null, () => {
  useFlightCheck.setState({ stale: true });
});
