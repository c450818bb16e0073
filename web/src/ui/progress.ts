// When a worker run shows progress (design 6: after 150 ms).

import { useEffect, useState } from "react";

/** True once a run has lasted 150 ms: long runs show progress, short ones do not flicker. */
export function useSlow(busy: boolean): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!busy) return setSlow(false);
    const timer = setTimeout(() => setSlow(true), 150);
    return () => clearTimeout(timer);
  }, [busy]);
  return slow;
}
