// Settings every signed-in screen shows: the developer chat number of the footer.

import { create } from "zustand";
import { api, unwrap } from "../api/client.ts";

/** Shared settings state. */
export interface SharedSettingsState {
  developerChat: string;
  loaded: boolean;
  /** Reads the shared settings once per page. */
  load(): Promise<void>;
}

/** The shared settings store. */
export const useSharedSettings = create<SharedSettingsState>()((set, get) => ({
  developerChat: "",
  loaded: false,
  async load() {
    if (get().loaded) return;
    try {
      const data = await unwrap(api.api.settings.public.$get());
      set({ developerChat: data.developerChat, loaded: true });
    } catch {
      // offline or signed out: the footer shows the credit without the chat link
    }
  },
}));

/** A chat link to the developer that opens with a greeting naming the user (spec footer). */
export function developerChatLink(number: string, fullName: string, employeeCode: string): string {
  const digits = number.replace(/\D/g, "");
  const text = `Hello, this is ${fullName} (${employeeCode}) from the Staff Portal.`;
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}
