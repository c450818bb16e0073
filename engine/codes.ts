// Three-letter codes (airports, special handling codes) as numbers 0..17575 (A-Z base 26): the
// FFM reader compares and stores them without making a string per line.

/** True for the character code of a digit 0-9. */
export const isDigit = (c: number): boolean => c >= 48 && c <= 57;
/** True for the character code of a capital letter A-Z. */
export const isLetter = (c: number): boolean => c >= 65 && c <= 90;
/** True for the character code of a capital letter or a digit. */
export const isAlnum = (c: number): boolean => isLetter(c) || isDigit(c);

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

/** Number of three-character codes of A-Z and 0-9 (ULD types such as `P1P`), base 37. */
export const ALNUM_CODES = 37 * 37 * 37;

const ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** The code of the three characters at b[i] when all are A-Z or 0-9, else -1. */
export function alnumCodeAt(b: Uint8Array, i: number): number {
  let code = 0;
  for (let k = i; k < i + 3; k++) {
    const c = b[k];
    if (isDigit(c)) code = code * 37 + (c - 48);
    else if (isLetter(c)) code = code * 37 + (c - 55);
    else return -1;
  }
  return code;
}

const alnumNames: (string | undefined)[] = new Array(ALNUM_CODES);

/** The three characters of an alnum code, one shared string per code. */
export function alnumCodeName(code: number): string {
  return alnumNames[code] ??= ALNUM[Math.floor(code / 1369)] + ALNUM[Math.floor(code / 37) % 37] +
    ALNUM[code % 37];
}
