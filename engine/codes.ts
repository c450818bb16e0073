// Three-letter codes (airports, special handling codes) as numbers 0..17575 (A-Z base 26): the
// FFM reader compares and stores them without making a string per line.

/** Number of three-letter codes AAA..ZZZ. */
export const LETTER_CODES = 26 * 26 * 26;

/** The code of the three letters at b[i] (A-Z only; callers check the letters first). */
export function letterCodeAt(b: Uint8Array, i: number): number {
  return (b[i] - 65) * 676 + (b[i + 1] - 65) * 26 + (b[i + 2] - 65);
}

/** The code of a three-letter string such as `JFK` (A-Z only). */
export function letterCode(code: string): number {
  return (code.charCodeAt(0) - 65) * 676 + (code.charCodeAt(1) - 65) * 26 +
    (code.charCodeAt(2) - 65);
}

const names: (string | undefined)[] = new Array(LETTER_CODES);

/** The three letters of a code, one shared string per code. */
export function letterCodeName(code: number): string {
  return names[code] ??= String.fromCharCode(
    65 + Math.floor(code / 676),
    65 + (Math.floor(code / 26) % 26),
    65 + (code % 26),
  );
}
