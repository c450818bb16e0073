// Settings every signed-in screen shows: the developer chat number of the footer.

import { create } from "zustand";
import { api, unwrap } from "../../lib/api/client.ts";
import { mustChange, type SessionUser } from "./session.ts";

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
  /** The footer's read: only for a session that may read them (not one that must change its
   * password first, which the server refuses and which would send it to the change again). */
  loadFor(user: SessionUser | null): void;
}

let pending: Promise<SharedSettings> | null = null;

/** The shared settings store. */
export const useSharedSettings = create<SharedSettingsState>()((set, get) => ({
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
  loadFor(user) {
    // offline or signed out: the footer shows the credit without the chat link
    if (user !== null && !mustChange(user)) get().load().catch(() => {});
  },
}));

/** A chat link to the developer that opens with a greeting naming the user (spec footer); the
 * footer gives the greeting in the language shown. */
export function developerChatLink(
  number: string,
  fullName: string,
  employeeCode: string,
  greeting = `Hello, this is ${fullName} (${employeeCode}) from the Staff Portal.`,
): string {
  const digits = number.replace(/\D/g, "");
  return `https://wa.me/${digits}?text=${encodeURIComponent(greeting)}`;
}
