// The zustand slices the admin stores are built from (zustand's slices pattern): a paged selection
// (the page on screen and the accounts chosen on it) and a status line with a bulk action's
// progress. The user list, the expiring page, the request queues and the user detail each combine
// the ones they need with their own state.

import type { StateCreator } from "zustand";
import { type BulkResult, type MatchingStep, runBulk, runMatching } from "./bulk.ts";
import type { Status } from "./status.ts";

/** A bulk action under way: what it does and how far it is. */
export interface BulkProgress {
  label: string;
  done: number;
  total: number;
  /** The action can stop between its calls (a bulk action over every matching user). */
  stoppable?: boolean;
  /** Stop was asked: the call under way finishes, no other starts. */
  stopping?: boolean;
}

/** The status line and the progress of a bulk action. */
export interface StatusSlice {
  status: Status | null;
  progress: BulkProgress | null;
  say(status: Status | null): void;
  clearStatus(): void;
  /**
   * Runs a bulk action over `codes` with its progress on the status line. `before` counts what
   * earlier runs of the same action did (Approve All goes page by page) and `total` is all of it.
   */
  runTracked(
    label: string,
    codes: readonly string[],
    work: (employeeCode: string) => Promise<string>,
    before?: number,
    total?: number,
  ): Promise<BulkResult[]>;
  /**
   * Runs a bulk action over every user a filter matches, a call at a time (`step`), with its
   * progress (`total` is the first guess, the server's count follows) and a way to stop.
   */
  runMatching(
    label: string,
    total: number,
    step: (after: string | undefined) => Promise<MatchingStep>,
  ): Promise<{ results: BulkResult[]; stopped: boolean }>;
  /** Asks the bulk action over matching users to stop after its call under way. */
  stopBulk(): void;
}

/** The status line slice. */
export const createStatusSlice: StateCreator<StatusSlice, [], [], StatusSlice> = (set, get) => ({
  status: null,
  progress: null,
  say: (status) => set({ status }),
  clearStatus: () => set({ status: null }),
  runTracked(label, codes, work, before = 0, total = codes.length) {
    const report = (n: number) =>
      set({ progress: { label, done: before + n, total: Math.max(total, before + n) } });
    set({ status: null });
    report(0);
    return runBulk(codes, work, report);
  },
  runMatching(label, total, step) {
    const report = (done: number, all: number) =>
      set({
        progress: { label, done, total: all, stoppable: true, stopping: get().progress?.stopping },
      });
    set({ status: null, progress: null });
    report(0, total);
    return runMatching(step, report, () => get().progress?.stopping === true);
  },
  stopBulk() {
    const progress = get().progress;
    if (progress?.stoppable) set({ progress: { ...progress, stopping: true } });
  },
});

/** A page of accounts and the ones chosen on it. */
export interface PagedSelectionSlice {
  page: number;
  pages: number;
  /** Chosen employee codes (of the page shown). */
  selected: string[];
  toggle(employeeCode: string): void;
  /** Selects exactly these codes (select all), or none. */
  selectOnly(codes: readonly string[]): void;
  /** Selects (or clears) the given codes of the page, keeping the others. */
  selectPage(codes: readonly string[], on: boolean): void;
  clearSelection(): void;
  /** Goes to a page (kept within the pages); the selection starts again and the page loads. */
  setPage(page: number): void;
}

/** What the paged selection needs of its store: a way to load the page on screen. */
export interface Loads {
  load(): Promise<void>;
}

/** The paged selection slice. */
export const createPagedSelectionSlice: StateCreator<
  PagedSelectionSlice & Loads,
  [],
  [],
  PagedSelectionSlice
> = (set, get) => ({
  page: 1,
  pages: 1,
  selected: [],
  toggle(employeeCode) {
    const selected = get().selected;
    set({
      selected: selected.includes(employeeCode)
        ? selected.filter((c) => c !== employeeCode)
        : [...selected, employeeCode],
    });
  },
  selectOnly: (codes) => set({ selected: [...codes] }),
  selectPage(codes, on) {
    const rest = get().selected.filter((c) => !codes.includes(c));
    set({ selected: on ? [...rest, ...codes] : rest });
  },
  clearSelection: () => set({ selected: [] }),
  setPage(page) {
    const to = Math.min(Math.max(1, page), get().pages);
    if (to === get().page) return;
    set({ page: to, selected: [] });
    void get().load();
  },
});

/** The chosen codes still on the page just loaded (a reload may drop some). */
export function stillShown(selected: readonly string[], codes: readonly string[]): string[] {
  const shown = new Set(codes);
  return selected.filter((c) => shown.has(c));
}

/** A paged list of accounts to act on: the paged selection with its status line. */
export type PagedListSlices = PagedSelectionSlice & StatusSlice;

/** Both slices of a paged list (the user list, the expiring page). */
export const createPagedListSlices: StateCreator<
  PagedListSlices & Loads,
  [],
  [],
  PagedListSlices
> = (...a) => ({
  ...createPagedSelectionSlice(...a),
  ...createStatusSlice(...a),
});
