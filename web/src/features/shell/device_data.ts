// Clear Cache (spec 2 Login, spec 2.2 dashboard and CSV import): what this app keeps on the device,
// forgotten at once. Besides local and session storage that is the conversion history of every user
// of the device (features/converter/history.ts: database `conversion-history`, store `entries`) and
// the extractor's rented codes (features/extractor/extractor.ts: key `extractor-settings` of
// idb-keyval's default store). The cached reference lists stay: they are the server's, and the
// converter needs them offline, and so does a sign-out the server has not confirmed (session.ts):
// clearing the device must not forget that the old session is still to be ended. This module names
// those stores itself, so that the sign-in page does not load the converter's and the extractor's
// code; its test writes through those stores.

import { clear, createStore, del } from "idb-keyval";
import { PENDING_SIGN_OUT_KEY } from "./session.ts";

/** Where the conversion history lives (features/converter/history.ts). */
const HISTORY_DB = ["conversion-history", "entries"] as const;
/** The key of the extractor's rented codes in idb-keyval's default store
 * (features/extractor/extractor.ts). */
const EXTRACTOR_SETTINGS_KEY = "extractor-settings";

/** Clears local and session storage (an owed sign-out stays), every user's conversion history and
 * the rented codes; rejects when IndexedDB holds them but cannot be cleared. */
export async function clearDeviceData(): Promise<void> {
  const owed = globalThis.localStorage?.getItem(PENDING_SIGN_OUT_KEY) ?? null;
  globalThis.localStorage?.clear();
  if (owed !== null) globalThis.localStorage?.setItem(PENDING_SIGN_OUT_KEY, owed);
  globalThis.sessionStorage?.clear();
  if (globalThis.indexedDB === undefined) return; // nothing can have been kept there
  await clear(createStore(...HISTORY_DB));
  await del(EXTRACTOR_SETTINGS_KEY);
}
