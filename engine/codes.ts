// The readers' one character module: character codes by name, the character tests, and
// three-letter codes (airports, special handling codes) as numbers 0..17575 (A-Z base 26), so
// that the FFM reader compares and stores them without making a string per line.

/** `,`, a decimal comma in a weight. */
export const COMMA = 44;
/** `-` */
export const HYPHEN = 45;
/** `.`, a decimal point in a weight. */
export const FULL_STOP = 46;
/** `/`, the FFM element separator. */
export const SLASH = 47;
/** `0`; a digit's value is its code minus DIGIT_0. */
export const DIGIT_0 = 48;
/** `3` */
export const DIGIT_3 = 51;
/** `5`, the first digit that rounds half up. */
export const DIGIT_5 = 53;

// The tests below compare with the codes themselves, not with names like the ones above: inlined
// into a reader's loop, each name is one more load from this module's scope per character. Measured in
// pairs on the generated 5 MB FFM (parse+convert, 5 interleaved processes each, 2026-11-24): with
// the names 0.261 of a line scan's speed, with the codes 0.289.

/** True for the character code of a digit 0-9. */
export const isDigit = (c: number): boolean => c >= 48 && c <= 57; // "0" to "9"
/** True for the character code of a capital letter A-Z. */
export const isLetter = (c: number): boolean => c >= 65 && c <= 90; // "A" to "Z"
/** True for the character code of a capital letter or a digit. */
export const isAlnum = (c: number): boolean => isLetter(c) || isDigit(c);
/** True for the character code of a lower-case letter a-z. */
export const isLower = (c: number): boolean => c >= 97 && c <= 122; // "a" to "z"
/** True for a space or a control character (what a line's ends are trimmed of). */
export const isBlank = (c: number): boolean => c <= 32; // the space

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

/**
 * The names of letter codes, made on first use. Written after load, yet no state between calls:
 * an entry is a function of its index alone, so no call can tell what another read. Made eagerly,
 * this table and alnumNames would cost 68,000 strings at load.
 */
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

/** The names of alnum codes, made on first use (see `names`). */
const alnumNames: (string | undefined)[] = new Array(ALNUM_CODES);

/** The three characters of an alnum code, one shared string per code. */
export function alnumCodeName(code: number): string {
  return alnumNames[code] ??= ALNUM[Math.floor(code / 1369)] + ALNUM[Math.floor(code / 37) % 37] +
    ALNUM[code % 37];
}
