// How the screens write counts: with thousands separators, so 100001 reads as 100,001.

/** A count as the screens show it: `100,001`. */
export function formatCount(n: number): string {
  return n.toLocaleString("en-US");
}
