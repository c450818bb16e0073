// Whether a CSS media query holds now, following its changes (the user list is a table on wide
// screens and cards on narrow ones).

import { useSyncExternalStore } from "react";

/** True while the media query matches. */
export function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = globalThis.matchMedia?.(query);
      list?.addEventListener("change", onChange);
      return () => list?.removeEventListener("change", onChange);
    },
    () => globalThis.matchMedia?.(query).matches ?? true,
  );
}
