// Preloaded into the API server of the screenshot tool (deno run --preload): every Date the
// server makes without arguments, and Date.now(), read one fixed instant (SCREENS_NOW, ms), so
// that the times the screens show (created, last sign-in, expiry, audit entries) are the same in
// every run. Record ids stay in order: api/ids.ts numbers the ids of one millisecond.

// the e2e type check has no Deno types: the one call it needs, declared here
const deno = (globalThis as unknown as { Deno: { env: { get(name: string): string | undefined } } })
  .Deno;
const fixed = Number(deno.env.get("SCREENS_NOW"));
if (!Number.isFinite(fixed)) throw new Error("fixed_clock.ts: SCREENS_NOW (ms) is not set");

const RealDate = Date;

/** Date with "now" fixed: new Date() and Date.now() read the fixed instant, the rest is Date's. */
class FixedDate extends RealDate {
  constructor(...args: ConstructorParameters<DateConstructor> | []) {
    super(...(args.length === 0 ? [fixed] : args) as ConstructorParameters<DateConstructor>);
  }

  /** The fixed instant. */
  static override now(): number {
    return fixed;
  }
}

globalThis.Date = FixedDate as DateConstructor;
