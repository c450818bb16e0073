// How the screens write counts: with thousands separators, so 100001 reads as 100,001, and with
// the noun they count.

/** A count as the screens show it: `100,001`. */
export function formatCount(n: number): string {
  return n.toLocaleString("en-US");
}

/** `n thing` or `n things`, the count written as `formatCount` does. */
export function plural(n: number, thing: string): string {
  return `${formatCount(n)} ${thing}${n === 1 ? "" : "s"}`;
}
