// A bounded cache of values read from a bucketed collection (users, sign-in states), each kept
// with the freshness mark its bucket had when it was read (kv/bucket_watch.ts). A value is used only
// while its bucket's mark is unchanged, so a write in any process makes it read again.

/** Values by code, the least recently used dropped beyond `max`. */
export class FreshCache<T> {
  private readonly entries = new Map<string, { mark: number; value: T }>();

  constructor(private readonly max: number) {}

  /** The value of `code` if it was read under `mark`, else undefined. */
  get(code: string, mark: number): T | undefined {
    const hit = this.entries.get(code);
    if (hit === undefined || hit.mark !== mark) return undefined;
    // most recently used last
    this.entries.delete(code);
    this.entries.set(code, hit);
    return hit.value;
  }

  /** Keeps `value` of `code`, read under `mark`. */
  set(code: string, mark: number, value: T): void {
    this.entries.delete(code);
    this.entries.set(code, { mark, value });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }
}

/**
 * Runs a refresh for its callers so that each caller's refresh began after its call (it sees
 * every change committed before), while callers that arrive during a run share the next one:
 * any number of concurrent requests cost at most two runs, not one each in a row.
 */
export class Coalesced {
  private running: Promise<void> | null = null;
  private next: Promise<void> | null = null;

  constructor(private readonly load: () => Promise<void>) {}

  /** Whether a run is in progress (one that began before a call made now). */
  get busy(): boolean {
    return this.running !== null;
  }

  /** Resolves once a run that began after this call has ended. */
  run(): Promise<void> {
    if (this.running === null) {
      this.running = this.load().finally(() => (this.running = null));
      return this.running;
    }
    this.next ??= this.running.catch(() => {}).then(() => {
      this.next = null;
      return this.run();
    });
    return this.next;
  }
}
