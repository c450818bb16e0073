// Text helpers shared by every parser: upper-casing that keeps offsets, and line splitting that
// accepts CRLF, LF and lone CR.

const NON_ASCII = /[^ -~\t\r\n]/;

/**
 * Upper-cases a-z only, so that every character keeps its offset (String#toUpperCase turns
 * `ß` into `SS`, which would shift the highlight offsets of the match).
 */
export function upperAscii(text: string): string {
  if (!NON_ASCII.test(text)) return text.toUpperCase();
  return text.replace(/[a-z]+/g, (run) => run.toUpperCase());
}

/** Splits text into lines on CRLF, LF or CR; line i of the result is line i + 1 of the input. */
export function splitLines(text: string): string[] {
  if (text.indexOf("\r") === -1) return text.split("\n");
  return text.replace(/\r\n?/g, "\n").split("\n");
}

/** True for a Type-B envelope line: priority + addresses (`QD CAIKLMS`) or origin (`.CAIFFMS 1512`). */
export function isEnvelopeLine(line: string): boolean {
  return /^Q[A-Z] [A-Z0-9]{7}/.test(line) || /^\.[A-Z0-9]{7}( |$)/.test(line) ||
    /^[A-Z0-9]{7}( [A-Z0-9]{7})*$/.test(line);
}

/** Joins numbers as `1, 2 and 3` for messages. */
export function listWords(items: readonly (string | number)[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
