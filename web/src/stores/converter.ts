// The converter's state: the three panels, their switches, the last result and the message line.
// It lives outside the screen so that switching to the Database tab, or going home and back, keeps
// what was pasted. Conversions run in the engine worker through the bridge; each successful one is
// kept in the device's history (history.ts), from which it can be opened again.

import { create } from "zustand";
import type { ConversionResult, MatchResult } from "../../../engine/types.ts";
import { runEngine } from "../engine/bridge.ts";
import { type HistoryTexts, useHistory } from "./history.ts";
import { useReference } from "./reference.ts";

/** A line under the buttons: success or failure text. */
export interface StatusMessage {
  ok: boolean;
  text: string;
}

/** What the user typed or switched. */
export interface ConverterInputs {
  ffm: string;
  ntm: string;
  output: string;
  secondDest: string;
  highlightDgsl: boolean;
  matchNtm: boolean;
  editable: boolean;
  showPer: boolean;
}

/** Converter state and actions. */
export interface ConverterState extends ConverterInputs {
  result: ConversionResult | null;
  match: MatchResult | null;
  message: StatusMessage | null;
  busy: boolean;
  /** Changes inputs; an edited UWS or NTM drops the match, whose offsets no longer hold. */
  update(patch: Partial<ConverterInputs>): void;
  /** Converts the FFM (and matches the NTM when asked); copies the UWS when andCopy. */
  convert(andCopy: boolean): Promise<void>;
  /** Copies the UWS output. */
  copyOutput(): Promise<void>;
  /** Empties every panel and result ('Clear all'). */
  clear(): void;
  /** Puts a conversion from the history back: FFM, UWS, 2nd Dest and totals as they were. */
  reopen(texts: HistoryTexts, label: string): void;
}

const EMPTY: ConverterInputs = {
  ffm: "",
  ntm: "",
  output: "",
  secondDest: "",
  highlightDgsl: true,
  matchNtm: false,
  editable: false,
  showPer: false,
};

/** Copies text; false when the browser refuses. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

const failed = (err: unknown) => err instanceof Error ? err.message : String(err);

/** The last conversion kept in the history: converting the same FFM again adds no copy. */
let lastKept: { ffm: string; uws: string; secondDest: string } | null = null;

/** The converter store. */
export const useConverter = create<ConverterState>()((set, get) => ({
  ...EMPTY,
  result: null,
  match: null,
  message: null,
  busy: false,

  update(patch) {
    const dropsMatch = patch.output !== undefined || patch.ntm !== undefined;
    set(dropsMatch ? { ...patch, match: null } : patch);
  },

  async convert(andCopy) {
    const { ffm, ntm, secondDest, showPer, matchNtm } = get();
    if (ffm.trim() === "") {
      set({ message: { ok: false, text: "Please enter FFM input first." } });
      return;
    }
    // a match was asked for: an empty NTM is said, not skipped (spec text)
    if (matchNtm && ntm.trim() === "") {
      set({ message: { ok: false, text: "Please enter NTM data." } });
      return;
    }
    const options = useReference.getState().options;
    set({ busy: true, message: null });
    try {
      const r = await runEngine(
        "convert",
        (engine) =>
          engine.convertFfm(ffm, {
            ...options,
            secondDestination: secondDest,
            showPerInUws: showPer,
          }),
      );
      if (r === null) return; // a newer run replaced this one
      if (!r.ok) {
        set({
          result: r,
          output: "",
          match: null,
          message: { ok: false, text: `Failed to convert FFM to UWS: ${r.error}` },
        });
        return;
      }
      set({ result: r, output: r.uwsOutput, match: null });
      keep(ffm, secondDest, r);
      if (matchNtm) {
        const m = await runEngine(
          "match",
          (engine) =>
            engine.matchUwsNtm(r.uwsOutput, ntm, {
              dgslCodes: options.dgslCodes,
              xdgslCodes: options.xdgslCodes,
            }),
        );
        set({ match: m });
        if (m !== null && !m.ok) {
          set({ message: { ok: false, text: `Failed to match UWS and NTM: ${m.error}` } });
          return;
        }
      }
      if (andCopy) {
        set({
          message: (await copyText(r.uwsOutput))
            ? { ok: true, text: "UWS converted and copied to the clipboard" }
            : {
              ok: false,
              text:
                "Converted successfully, but failed to copy to clipboard. Please copy manually from the output field.",
            },
        });
      }
    } catch (err) {
      set({ message: { ok: false, text: `Failed to convert FFM to UWS: ${failed(err)}` } });
    } finally {
      set({ busy: false });
    }
  },

  async copyOutput() {
    const output = get().output;
    if (output === "") {
      set({ message: { ok: false, text: "Nothing to copy yet: convert an FFM first." } });
      return;
    }
    set({
      message: (await copyText(output))
        ? { ok: true, text: "UWS copied to the clipboard" }
        : { ok: false, text: "Failed to copy to clipboard. Please copy manually." },
    });
  },

  reopen(texts, label) {
    set({
      ffm: texts.ffm,
      output: texts.uws,
      secondDest: texts.secondDest,
      result: texts.result,
      match: null,
      message: { ok: true, text: `Opened ${label} from the history` },
    });
  },

  clear() {
    const { highlightDgsl, matchNtm, editable, showPer } = get();
    set({
      ...EMPTY,
      highlightDgsl,
      matchNtm,
      editable,
      showPer,
      result: null,
      match: null,
      message: null,
    });
  },
}));

/** Keeps a successful conversion in the device's history (once per FFM and 2nd Dest). */
function keep(ffm: string, secondDest: string, r: ConversionResult): void {
  if (lastKept?.ffm === ffm && lastKept.uws === r.uwsOutput && lastKept.secondDest === secondDest) {
    return;
  }
  lastKept = { ffm, uws: r.uwsOutput, secondDest };
  void useHistory.getState().add({ ffm, uws: r.uwsOutput, secondDest }, r);
}
