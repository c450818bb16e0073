// The notifications preference (issue 28): long work that ends while the portal's tab is hidden is
// told through the browser, only when the preference is on and the browser allows it.

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mayNotify, notifyDone } from "./notify.ts";
import { useDisplay } from "../features/shell/display.ts";

let shown: { title: string; body?: string }[] = [];
let permission = "granted";

beforeEach(() => {
  shown = [];
  permission = "granted";
  class FakeNotification {
    static get permission() {
      return permission;
    }
    static requestPermission = () =>
      Promise.resolve(permission === "default" ? "granted" : permission);
    constructor(title: string, options?: { body?: string }) {
      shown.push({ title, body: options?.body });
    }
  }
  vi.stubGlobal("Notification", FakeNotification);
  Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
});

afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(document, "hidden", { configurable: true, get: () => false });
  useDisplay.setState({ notifications: true });
});

describe("notifications", () => {
  it("tell of finished work while the tab is hidden", () => {
    notifyDone("Conversion finished", "Converted and copied");
    expect(shown).toEqual([{ title: "Conversion finished", body: "Converted and copied" }]);
  });

  it("stay silent when the preference is off, the tab is in view, or the browser refuses", () => {
    useDisplay.setState({ notifications: false });
    notifyDone("Conversion finished", "off");
    useDisplay.setState({ notifications: true });
    Object.defineProperty(document, "hidden", { configurable: true, get: () => false });
    notifyDone("Conversion finished", "in view");
    Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
    permission = "denied";
    notifyDone("Conversion finished", "refused");
    expect(shown).toEqual([]);
  });

  it("ask the browser only when asked to, and never again after a refusal", async () => {
    permission = "default";
    expect(await mayNotify()).toBe(false);
    expect(await mayNotify(true)).toBe(true);
    permission = "denied";
    expect(await mayNotify(true)).toBe(false);
  });
});
