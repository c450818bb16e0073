// Layout preferences: compact mode (tighter spacing and type), kept in localStorage.

import { create } from "zustand";

const STORAGE_KEY = "portal.compact";

/** Layout state. */
export interface LayoutState {
  compact: boolean;
  toggleCompact(): void;
}

function apply(compact: boolean): void {
  globalThis.document?.documentElement.classList.toggle("compact", compact);
}

/** The layout store. */
export const useLayout = create<LayoutState>()((set, get) => {
  let compact = false;
  try {
    compact = globalThis.localStorage?.getItem(STORAGE_KEY) === "true";
  } catch {
    compact = false;
  }
  apply(compact);
  return {
    compact,
    toggleCompact() {
      const next = !get().compact;
      apply(next);
      try {
        globalThis.localStorage?.setItem(STORAGE_KEY, String(next));
      } catch {
        // storage unavailable: compact mode holds for this page
      }
      set({ compact: next });
    },
  };
});
