// Settings every signed-in screen shows: the developer chat number of the footer.

import { create } from "zustand";
import { api, unwrap } from "../api/client.ts";

/** Settings every signed-in user reads (GET /api/settings/public). */
export interface SharedSettings {
  uwsRouting: { priority: string; address: string; sender: string };
  developerChat: string;
}

/** Shared settings state. */
export interface SharedSettingsState {
  developerChat: string;
  /**
   * Reads the shared settings once per page (footer, converter), again when forced (after a
   * super admin changed them); throws when offline.
   */
  load(force?: boolean): Promise<SharedSettings>;
}

let pending: Promise<SharedSettings> | null = null;

/** The shared settings store. */
export const useSharedSettings = create<SharedSettingsState>()((set) => ({
  developerChat: "",
  load(force = false) {
    if (force) pending = null;
    pending ??= unwrap(api.api.settings.public.$get()).then((data) => {
      set({ developerChat: data.developerChat });
      return data;
    });
    // a failure (offline) lets the next caller try again
    pending.catch(() => (pending = null));
    return pending;
  },
}));

/** A chat link to the developer that opens with a greeting naming the user (spec footer). */
export function developerChatLink(number: string, fullName: string, employeeCode: string): string {
  const digits = number.replace(/\D/g, "");
  const text = `Hello, this is ${fullName} (${employeeCode}) from the Staff Portal.`;
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}
