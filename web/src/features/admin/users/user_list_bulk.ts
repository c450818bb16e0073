// "Select all N matching" on the user list (issue 27): after the page is chosen, every user the
// search and filters match can be, and Unlock and Extend then go to the server with the filters,
// a hundred users a call, with progress and a Stop between calls. The server resolves the users
// and keeps to the caller's scope; the list reloads after.

import type { StateCreator } from "zustand";
import { type BulkResult, failedOf, lines } from "../bulk.ts";
import { errorText } from "../error_text.ts";
import { ULIST_BULK } from "./texts/ulist_bulk.ts";
import { text } from "../../../i18n/i18n.ts";
import { serverText } from "../../../i18n/server_text.ts";
import type { Days } from "../requests/request_rules.ts";
import type { PagedSelectionSlice, StatusSlice } from "../slices.ts";
import type { Status } from "../status.ts";
import { type Asked, filterOf, matchingCalls } from "./user_list_query.ts";
import type { UserCounts } from "./user_list_query.ts";

/** What the matching actions need of the list store. */
interface ListNeeds extends StatusSlice, Asked {
  total: number;
  counts: UserCounts | null;
  selected: string[];
  load(): Promise<void>;
}

/** The choice of every matching user and the actions on them. */
export interface MatchingSlice {
  /** Every user the search and filters match is chosen, not only the page's. */
  allMatching: boolean;
  /** Chooses every matching user (the page stays chosen on screen). */
  selectAllMatching(): void;
  /** Unlocks the locked users among every matching user. */
  matchingUnlock(): Promise<void>;
  /** Extends the password of every matching user by `days`. */
  matchingExtend(days: Days): Promise<void>;
}

/** The status line after a bulk action over matching users: counts, and the failures' lines. */
export function matchingSummary(
  what: string,
  results: readonly BulkResult[],
  stopped: boolean,
): Status {
  const failed = failedOf(results);
  const succeeded = results.length - failed.length;
  return {
    ok: failed.length === 0,
    // the counts once, in the text
    text: text(ULIST_BULK, stopped ? "summaryStopped" : "summary", {
      what,
      succeeded,
      failed: failed.length,
    }),
    // one line per failure: a thousand 'unlocked' lines would bury the ones that matter
    details: lines(failed),
  };
}

/** The matching slice of the user list store. */
export const createMatchingSlice: StateCreator<
  ListNeeds & MatchingSlice,
  [],
  [],
  MatchingSlice
> = (set, get) => {
  /** Runs an action over the matching users, says how it went and reloads. */
  async function run(
    what: string,
    label: string,
    guess: number,
    call: (after: string | undefined) => ReturnType<typeof matchingCalls.unlock>,
  ) {
    let outcome: { results: BulkResult[]; stopped: boolean };
    try {
      outcome = await get().runMatching(label, guess, call);
    } catch (err) {
      set({ progress: null });
      const error = serverText(errorText(err));
      get().say({ ok: false, text: text(ULIST_BULK, "stoppedError", { what, error }) });
      await get().load();
      return;
    }
    set({ progress: null, allMatching: false, selected: [] });
    await get().load();
    get().say(matchingSummary(what, outcome.results, outcome.stopped));
  }

  return {
    allMatching: false,
    selectAllMatching: () => set({ allMatching: true }),
    matchingUnlock() {
      const filter = filterOf(get());
      // the server unlocks the locked ones among them: the locked count is the guess
      const guess = get().counts?.locked ?? get().total;
      return run(
        text(ULIST_BULK, "unlocked"),
        text(ULIST_BULK, "unlocking"),
        guess,
        (after) => matchingCalls.unlock(filter, after),
      );
    },
    matchingExtend(days) {
      const filter = filterOf(get());
      return run(
        text(ULIST_BULK, "extendedBy", { days }),
        text(ULIST_BULK, "extending"),
        get().total,
        (after) => matchingCalls.extend(filter, days, after),
      );
    },
  };
};

/** The selection actions a change of the page's selection goes through. */
type SelectionActions = Pick<
  PagedSelectionSlice,
  "toggle" | "selectOnly" | "selectPage" | "clearSelection" | "setPage"
>;

/** The page's selection actions, each also ending the choice of every matching user. */
export function selectionEndsMatching(
  paged: SelectionActions,
  set: (patch: { allMatching: boolean }) => void,
): SelectionActions {
  const ending = <A extends unknown[]>(f: (...args: A) => void) => (...args: A) => {
    set({ allMatching: false });
    f(...args);
  };
  return {
    toggle: ending(paged.toggle),
    selectOnly: ending(paged.selectOnly),
    selectPage: ending(paged.selectPage),
    clearSelection: ending(paged.clearSelection),
    setPage: ending(paged.setPage),
  };
}
