// Layout preferences: compact mode (tighter spacing and type), kept in localStorage (persist,
// lib/persisted.ts; the key an earlier version wrote "true" or "false" under).

import { create } from "zustand";
import { persist } from "zustand/middleware";
import { keptInLocalStorage } from "../../lib/persisted.ts";

/** The localStorage key of the layout preferences. */
export const LAYOUT_KEY = "portal.compact";

/** Layout state. */
export interface LayoutState {
  compact: boolean;
  toggleCompact(): void;
}

function apply(compact: boolean): void {
  globalThis.document?.documentElement.classList.toggle("compact", compact);
}

/** The layout store. */
export const useLayout = create<LayoutState>()(persist(
  (set, get) => ({
    compact: false,
    toggleCompact() {
      const next = !get().compact;
      apply(next);
      set({ compact: next });
    },
  }),
  {
    ...keptInLocalStorage(LAYOUT_KEY, {
      read: (s) =>
        typeof (s as { compact?: unknown })?.compact === "boolean"
          ? { compact: (s as { compact: boolean }).compact }
          : null,
      legacy: (raw) => ({ compact: raw === "true" }),
    }, (s: LayoutState) => ({ compact: s.compact })),
    onRehydrateStorage: () => (state) => apply(state?.compact ?? false),
  },
));
