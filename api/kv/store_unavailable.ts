// What the API says and throws when its store does not answer in time (kv/deadline.ts), apart
// from the deadlines themselves so that the app's modules need no node: module.

/** The default of KV_DEADLINE_MS: how long one request may wait on the store in all. */
export const KV_DEADLINE_MS = 5_000;

/** Seconds a client is asked to wait (Retry-After) before it tries again. */
export const RETRY_AFTER_SECONDS = 5;

/** The store did not answer within the time the caller had left. */
export class StoreUnavailable extends Error {
  constructor(what = "the store did not answer in time") {
    super(what);
    this.name = "StoreUnavailable";
  }
}
