// The system settings as stored (design 5.3, 7): reading them neither writes nor changes any
// state. A store without settings reads as the defaults; the first start writes them, and moves
// the settings of older stores on (start/seed.ts).

import { DEFAULT_ROUTING } from "../../engine/ffm/convert.ts";
import { ONE_TIME_PASSWORD_HOURS } from "../rules/password.ts";
import { keys } from "../store/keys.ts";
import type { Settings } from "../store/records.ts";

/** The settings a store gets when it has none. */
export function defaultSettings(): Settings {
  return {
    oneTimePasswordHours: ONE_TIME_PASSWORD_HOURS,
    minPasswordLength: 8,
    uwsRouting: { ...DEFAULT_ROUTING },
  };
}

/** The settings of a store written before one-time passwords: a shared default password in
 * clear, which start/seed.ts drops from the store at start. */
export type OldSettings = Settings & { defaultPassword?: string };

/** Settings as stored (never an old store's shared default password), or the defaults. */
export async function getSettings(kv: Deno.Kv): Promise<Settings> {
  const found = await kv.get<OldSettings>(keys.settings());
  if (found.value === null) return defaultSettings();
  const { defaultPassword: _dropped, ...settings } = found.value;
  return settings;
}
