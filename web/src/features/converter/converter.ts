// The converter's state: the three panels, their switches, the last result and the status line.
// It lives outside the screen so that switching to the Database tab, or going home and back, keeps
// what was pasted. Conversions run in the engine worker through the bridge; each successful one is
// kept in the device's history (history.ts), from which it can be opened again.
//
// The output always belongs to the FFM shown (issue 23): the inputs it was made from are kept, and
// a change to the FFM, the 2nd Dest, Show PER or the reference lists marks it out of date at once;
// Copy Output then refuses. A typed 2nd Dest belongs to the flight it was first converted with: a
// conversion of another flight clears it. A result with warnings is never copied by the first
// press of Convert & Copy: the next press ('Copy anyway') copies it. A UWS that lacks a DG code of
// the NOTOC (dg_omission.ts) is copied by no press at all: a dialog naming the codes asks first.
// A conversion runs on the inputs of the moment it was pressed: one that ends after they changed
// is out of date at once, neither copied nor kept (run_currency.ts, issue 52).

import { create, type StateCreator } from "zustand";
import type { ConversionResult, MatchResult } from "../../../../engine/types.ts";
import { engine, supersede } from "../../lib/engine/bridge.ts";
import { engineFailure } from "../../lib/engine/failure.ts";
import { CONV_PAGE } from "./texts/conv_page.ts";
import { text } from "../../i18n/i18n.ts";
import { serverText } from "../../i18n/server_text.ts";
import {
  convertedStatus,
  CONVERTER_TEXTS,
  doubtsOf,
  failure,
  flightOf,
  outOfDate,
  reasonOf,
  type StaleCause,
  type StatusMessage,
} from "./status.ts";
import { type HistoryTexts, useHistory } from "./history.ts";
import { copiedWithOmission, type DgOmission, dgOmissions, omissionStatus } from "./dg_omission.ts";
import {
  listsKey,
  type ReferenceOptions,
  useReference,
  whenListsChange,
} from "../database/reference.ts";
import { PREFS } from "../../i18n/areas/prefs.ts";
import { notifyDone } from "../../lib/notify.ts";
import { changedDuring } from "./run_currency.ts";

export { CONVERTER_TEXTS, type StatusMessage };

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

/** The inputs a result was made from. */
interface Made {
  ffm: string;
  secondDest: string;
  showPer: boolean;
  lists: string;
}

/** Converter state and actions. */
export interface ConverterState extends ConverterInputs {
  result: ConversionResult | null;
  match: MatchResult | null;
  message: StatusMessage | null;
  busy: boolean;
  /** The output, totals and status no longer belong to the FFM, 2nd Dest or lists shown. */
  stale: boolean;
  /** The result has warnings: the next press of Convert & Copy copies it ('Copy anyway'). */
  confirmCopy: boolean;
  /** The flight the typed 2nd Dest was converted with (null: not converted yet). */
  secondDestFlight: string | null;
  /** The inputs of the result shown. */
  made: Made | null;
  /** A copy of a UWS that lacks the NOTOC's DG asks first: the dialog's omissions while open. */
  dgAsk: DgOmission[] | null;
  /** The dialog's answer: copy the UWS without those codes after all, or not. */
  answerDgAsk(copy: boolean): Promise<void>;
  /** Changes inputs; an edited UWS or NTM drops the match, an edited FFM or 2nd Dest stales. */
  update(patch: Partial<ConverterInputs>): void;
  /** Converts the FFM (and matches the NTM when asked); copies the UWS when andCopy and clean. */
  convert(andCopy: boolean): Promise<void>;
  /** Convert & Copy (button and Ctrl+Enter): converts, or copies a result already confirmed. */
  press(): Promise<void>;
  /** Copies the UWS output; refuses an out-of-date one. */
  copyOutput(): Promise<void>;
  /** Empties every panel and result ('Clear all'), and unticks Match NTM. */
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

const CLEAN = {
  result: null,
  match: null,
  message: null,
  stale: false,
  confirmCopy: false,
  secondDestFlight: null,
  made: null,
  dgAsk: null,
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

/** What a run that threw says: a crashed engine in the shared words, else the error as it came. */
const failed = (err: unknown) => engineFailure(err, String(err));

/** The reference lists, loaded first when the screen has not read them yet. */
async function lists(): Promise<ReferenceOptions> {
  if (useReference.getState().source === null) await useReference.getState().load();
  return useReference.getState().options;
}

type Slice<T> = StateCreator<ConverterState, [], [], T>;

/** The panels and switches: typing, clearing, and a conversion opened from the history. */
const inputsSlice: Slice<
  ConverterInputs & Pick<ConverterState, "update" | "clear" | "reopen">
> = (set, get) => ({
  ...EMPTY,
  update(patch) {
    const s = get();
    const next: Partial<ConverterState> = { ...patch };
    if (patch.output !== undefined || patch.ntm !== undefined) next.match = null;
    if (patch.secondDest !== undefined && patch.secondDest !== s.secondDest) {
      next.secondDestFlight = null; // typed now: for the flight in the box
    }
    const changed = s.stale ? null : staleBy(s.made, patch);
    if (changed !== null) {
      Object.assign(next, { stale: true, confirmCopy: false, message: outOfDate(changed) });
    }
    set(next);
  },

  reopen(texts, label) {
    set(reopened(texts, label, get().showPer));
  },

  clear() {
    const { highlightDgsl, editable, showPer } = get();
    set({ ...EMPTY, ...CLEAN, highlightDgsl, editable, showPer });
  },
});

/** A failed conversion's output and match: none, and current (it is the FFM's answer). */
const NO_OUTPUT = { output: "", match: null, stale: false };

/** The status line of an NTM match the engine could not make, in the language shown. */
function matchFailure(match: MatchResult): StatusMessage {
  const error = serverText({
    code: match.errorCode,
    params: match.errorParams,
    message: match.error ?? "",
  });
  return { tone: "error", text: text(CONV_PAGE, "matchFailed", { error }) };
}

/** The runs: Convert, Convert & Copy and Copy Output, with the result and the status line. */
const runSlice: Slice<
  Omit<ConverterState, keyof ConverterInputs | "update" | "clear" | "reopen">
> = (set, get) => ({
  ...CLEAN,
  busy: false,

  async press() {
    const s = get();
    if (s.confirmCopy && !s.stale && !s.busy) return copy(set, get);
    await get().convert(true);
  },

  async convert(andCopy) {
    const started = get(); // the inputs of this run: the boxes may change while it goes on
    const { ffm, ntm, showPer, matchNtm } = started;
    if (ffm.trim() === "") {
      set({ message: { tone: "error", text: CONVERTER_TEXTS.empty }, confirmCopy: false });
      return;
    }
    set({ busy: true, confirmCopy: false });
    let finished = false; // not replaced by a newer run: its end may be notified
    try {
      const options = await lists();
      const run = await convertFor(started, options);
      if (run === null) return; // a newer run replaced this one
      finished = true;
      const { r, secondDest, notes } = run;
      const made = { ffm, secondDest, showPer, lists: listsKey(options) };
      const changed = changedDuring(started, get());
      if (changed !== null) return set(outdated(r, made, changed));
      if (!r.ok) return set({ ...NO_OUTPUT, result: r, made, message: failure(reasonOf(r)) });
      set({ result: r, output: r.uwsOutput, match: null, made, stale: false, secondDest });
      keep(ffm, secondDest, r);
      let match: MatchResult | null = null;
      let ntmEdited = false; // during the match: its answer is not the NTM's shown, nor copied
      if (matchNtm && ntm.trim() === "") notes.push(CONVERTER_TEXTS.matchSkipped);
      else if (matchNtm) {
        match = await matchWith(r.uwsOutput, ntm, options);
        if (get().stale) return; // an edit during the match: out of date already (update)
        ntmEdited = get().ntm !== ntm;
        if (ntmEdited) match = null;
        set({ match });
        if (match !== null && !match.ok) return set({ message: matchFailure(match) });
      }
      const doubts = doubtsOf(r, match).length;
      const copied = andCopy && doubts === 0 && !ntmEdited ? await copyText(r.uwsOutput) : null;
      const omissions = dgOmissions(match);
      set({
        message: omissions.length > 0
          ? omissionStatus(omissions, notes)
          : convertedStatus(doubts, copied, notes),
        confirmCopy: andCopy && doubts > 0,
      });
    } catch (err) {
      finished = true;
      set({ message: failure(failed(err)) });
    } finally {
      set({ busy: false });
      if (finished) notifyDone(text(PREFS, "notifyConverted"), get().message?.text ?? "");
    }
  },

  copyOutput: () => copy(set, get),

  async answerDgAsk(yes) {
    set({ dgAsk: null });
    if (yes) await copy(set, get, true);
  },
});

/** The converter store, built from its two slices (zustand's slices pattern). */
export const useConverter = create<ConverterState>()((...a) => ({
  ...inputsSlice(...a),
  ...runSlice(...a),
}));

/** What a change of the inputs makes out of date, in the status line's words (null: nothing). */
function staleBy(made: Made | null, patch: Partial<ConverterInputs>): StaleCause | null {
  if (made === null) return null;
  if (patch.ffm !== undefined && patch.ffm !== made.ffm) return "the FFM";
  if (patch.secondDest !== undefined && patch.secondDest !== made.secondDest) {
    return "the 2nd Dest";
  }
  if (patch.showPer !== undefined && patch.showPer !== made.showPer) return "Show PER";
  return null;
}

/** A run's result when the boxes changed while it ran: shown out of date, not copied, not kept. */
function outdated(r: ConversionResult, made: Made, cause: StaleCause): Partial<ConverterState> {
  const output = r.ok ? r.uwsOutput : "";
  const message = outOfDate(cause);
  return { result: r, output, match: null, made, stale: true, confirmCopy: false, message };
}

/** The state of a conversion opened from the history: its texts, result and a status line. */
function reopened(texts: HistoryTexts, label: string, showPer: boolean): Partial<ConverterState> {
  const r = texts.result;
  const doubts = doubtsOf(r, null).length;
  return {
    ...CLEAN,
    ffm: texts.ffm,
    output: texts.uws,
    secondDest: texts.secondDest,
    result: r,
    secondDestFlight: texts.secondDest === "" ? null : flightOf(r),
    made: {
      ffm: texts.ffm,
      secondDest: texts.secondDest,
      showPer,
      lists: listsKey(useReference.getState().options),
    },
    message: doubts > 0
      ? { tone: "warning", text: text(CONV_PAGE, "openedDoubtful", { label, count: doubts }) }
      : { tone: "success", text: text(CONV_PAGE, "opened", { label }) },
  };
}

/** The signals of the NTM match and of the conversion: a newer one drops the one going. */
const nextMatch = supersede();
const nextConversion = supersede();

/** Matches the UWS against the NTM in the engine, with the DGSL and XDGSL lists in use. */
function matchWith(uws: string, ntm: string, options: ReferenceOptions) {
  const lists = { dgslCodes: options.dgslCodes, xdgslCodes: options.xdgslCodes };
  return engine.matchUwsNtm(uws, ntm, lists, { signal: nextMatch() });
}

type Set = (patch: Partial<ConverterState>) => void;

/** Copy Output, and the confirming press of Convert & Copy; a UWS that lacks the NOTOC's DG
 * only once the dialog was answered (`asked`). */
async function copy(set: Set, get: () => ConverterState, asked = false): Promise<void> {
  const { output, stale, result, match } = get();
  if (output === "") {
    return set({ message: { tone: "error", text: CONVERTER_TEXTS.nothingToCopy } });
  }
  if (stale) {
    return set({ message: { tone: "error", text: CONVERTER_TEXTS.staleCopy }, confirmCopy: false });
  }
  const omissions = dgOmissions(match);
  if (omissions.length > 0 && !asked) return set({ dgAsk: omissions });
  const doubts = doubtsOf(result, match).length;
  const ok = await copyText(output);
  set({
    confirmCopy: false,
    message: !ok
      ? { tone: "error", text: text(CONV_PAGE, "clipboardFailed") }
      : omissions.length > 0
      ? copiedWithOmission(omissions)
      : doubts > 0
      ? { tone: "warning", text: text(CONV_PAGE, "copiedUwsDoubtful", { count: doubts }) }
      : { tone: "success", text: text(CONV_PAGE, "copiedUws") },
  });
}

/**
 * Runs the conversion with the typed 2nd Dest; when the FFM is another flight than the one that
 * 2nd Dest was converted with, clears it and converts again without it (said in `notes`).
 */
async function convertFor(s: ConverterState, options: ReferenceOptions) {
  const run = (secondDestination: string) =>
    engine.convertFfm(s.ffm, { ...options, secondDestination, showPerInUws: s.showPer }, {
      signal: nextConversion(),
    });
  const notes: string[] = [];
  let secondDest = s.secondDest;
  let r = await run(secondDest);
  if (r === null) return null;
  const flight = r.ok ? flightOf(r) : "";
  if (r.ok && secondDest !== "" && s.secondDestFlight !== null && flight !== s.secondDestFlight) {
    notes.push(
      text(CONV_PAGE, "secondDestCleared", {
        code: secondDest,
        typedFor: s.secondDestFlight,
        flight,
      }),
    );
    secondDest = "";
    r = await run("");
    if (r === null) return null;
  }
  // a failed run tells no flight: the typed 2nd Dest stays with the flight it had
  const own = r.ok ? s.secondDestFlight ?? flight : s.secondDestFlight;
  useConverter.setState({ secondDestFlight: secondDest === "" ? null : own });
  return { r, secondDest, notes };
}

// New reference lists stale the output (once: an output already out of date keeps its message).
whenListsChange(
  () => {
    const { made, stale } = useConverter.getState();
    return made === null || stale ? null : made.lists;
  },
  () =>
    useConverter.setState({
      stale: true,
      confirmCopy: false,
      message: outOfDate("the reference lists"),
    }),
);

/**
 * Keeps a successful conversion in the device's history (history.ts drops repeats), in a task of
 * its own: hashing a 1 MB FFM for its key took 15-20 ms at 4x CPU, which the task that shows the
 * result had carried over the 100 ms bar (issue 51).
 */
function keep(ffm: string, secondDest: string, r: ConversionResult): void {
  setTimeout(() => void useHistory.getState().add({ ffm, uws: r.uwsOutput, secondDest }, r));
}
