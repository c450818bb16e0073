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

const ENCODER = new TextEncoder();
/** Zero bytes after the text, so a reader may look a few characters past a line's end. */
const PADDING = 32;

/** Lays text out in `bytes` as asciiBytes describes; returns bytes. */
function layOut(text: string, bytes: Uint8Array): Uint8Array {
  const { read, written } = ENCODER.encodeInto(text, bytes.subarray(0, text.length));
  if (read !== text.length || written !== text.length) {
    // some character took more than one byte: lay the text out again a unit at a time
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      bytes[i] = c < 128 ? c : 255;
    }
  }
  bytes.fill(0, text.length, text.length + PADDING);
  return bytes;
}

/**
 * The text as one byte per UTF-16 code unit, so that byte i is character i: ASCII as it is, any
 * other character 0xFF (never a letter, digit or separator). Parsers read these bytes on their
 * fast paths (a typed array read costs a fraction of a charCodeAt) and slice the text itself.
 * PADDING zero bytes follow the text.
 */
export function asciiBytes(text: string): Uint8Array {
  return layOut(text, new Uint8Array(text.length + PADDING));
}

const DECODER = new TextDecoder();

/**
 * A long text built in a byte buffer and made a string once: 20,000 UWS lines cost one string
 * instead of several per line. Characters outside ASCII are written as UTF-8. Each builder has
 * its own buffer, `capacity` bytes to start with (the caller's estimate of the text's length, so
 * that a big text is not copied at every doubling), grown by doubling.
 */
export class TextBuilder {
  private bytes: Uint8Array;
  private size = 0;

  constructor(capacity = 4096) {
    this.bytes = new Uint8Array(Math.max(64, Math.ceil(capacity)));
  }

  private reserve(n: number): void {
    if (this.size + n <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.size + n));
    grown.set(this.bytes.subarray(0, this.size));
    this.bytes = grown;
  }

  /** Appends a string. */
  text(s: string): void {
    this.reserve(s.length * 3);
    const bytes = this.bytes;
    let size = this.size;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 128) {
        size += ENCODER.encodeInto(s.slice(i), bytes.subarray(size)).written;
        break;
      }
      bytes[size++] = c;
    }
    this.size = size;
  }

  /**
   * Room for `n` more bytes: returns the buffer, to be written from `length` on by the put*
   * functions (ASCII only), after which `advance` records the new length. For hot loops that
   * write several pieces at once.
   */
  room(n: number): Uint8Array {
    this.reserve(n);
    return this.bytes;
  }

  /** Number of bytes written. */
  get length(): number {
    return this.size;
  }

  /** Records that the bytes up to `length` have been written into the room buffer. */
  advance(length: number): void {
    this.size = length;
  }

  /** The text built so far. */
  toString(): string {
    return DECODER.decode(this.bytes.subarray(0, this.size));
  }
}

/** Writes the ASCII string s into bytes at `at`; returns the position after it. */
export function putAscii(bytes: Uint8Array, at: number, s: string): number {
  for (let i = 0; i < s.length; i++) bytes[at++] = s.charCodeAt(i);
  return at;
}

/** Writes a number as String(n) does into bytes at `at` (at most 25 bytes); returns the end. */
export function putNumber(bytes: Uint8Array, at: number, n: number): number {
  if (!(n >= 0 && n <= 0x7fffffff && n === Math.floor(n))) return putAscii(bytes, at, String(n));
  let v = n | 0; // an int32 from here: divisions by 10 compile to multiplications
  let end = at + 1;
  for (let p = 10; p <= v; p *= 10) end++;
  for (let i = end - 1; i >= at; i--) {
    const q = (v / 10) | 0;
    bytes[i] = 48 + v - q * 10;
    v = q;
  }
  return end;
}

/** Joins numbers as `1, 2 and 3` for messages. */
export function listWords(items: readonly (string | number)[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
