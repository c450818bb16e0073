// Record ids: sortable by time, unique across processes (audit entries, requests, reference
// entries). Their first ten characters are the time, so a time range is a range of keys.

let lastTime = -1;
let sequence = 0;

/**
 * A sortable, unique id: time in ms (base 36, fixed width), a sequence number that keeps the
 * order of ids made in the same millisecond by this process, and random bits.
 */
export function newId(at: number): string {
  // whole milliseconds: a fraction would make an id of another width, out of time order
  const now = Math.floor(at);
  sequence = now === lastTime ? sequence + 1 : 0;
  lastTime = now;
  const time = idTime(now);
  const seq = sequence.toString(36).padStart(4, "0");
  const random = Array.from(
    crypto.getRandomValues(new Uint8Array(4)),
    (b) => b.toString(16).padStart(2, "0"),
  ).join("");
  return `${time}${seq}${random}`;
}

/** The start of every id made at ms `at`: ids of a time range are the keys between two of these. */
export function idTime(at: number): string {
  return Math.floor(at).toString(36).padStart(10, "0");
}
