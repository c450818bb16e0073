// The profile's preferences (issue 28): a change shows at once (the page turns Arabic and right to
// left), is saved to the account with PUT /api/auth/preferences, and a refusal says why.

import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { answer, callOf } from "../../test_support/fetch.ts";
import { setLanguage } from "../../i18n/i18n.ts";
import { useDisplay } from "../shell/display.ts";
import { usePreferences } from "./preferences.ts";
import { PreferencesForm } from "./PreferencesForm.tsx";

let calls: { url: URL; method: string; body: unknown }[] = [];
let refuse: string | null = null;

beforeEach(() => {
  calls = [];
  refuse = null;
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
    const call = callOf(input, init);
    calls.push(call);
    if (refuse !== null) return answer(400, { success: false, message: refuse });
    const preferences = {
      language: "en",
      theme: "light",
      notifications: true,
      timezone: "Africa/Cairo",
      ...(call.body as object),
    };
    return answer(200, { success: true, data: { preferences } });
  });
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  useDisplay.setState({ language: "en", theme: "light", notifications: true });
  await act(() => setLanguage("en"));
});

/** Does `f` (a person's action) and lets the save it starts finish. */
const settle = (f: () => void) =>
  act(() => {
    f();
    return new Promise<void>((done) => setTimeout(done, 0));
  });

const form = () =>
  render(
    <Suspense fallback="…">
      <PreferencesForm />
    </Suspense>,
  );

describe("the preferences form", () => {
  it("shows a new language at once and saves it to the account", async () => {
    form();
    await settle(() =>
      fireEvent.change(screen.getByLabelText("Language"), { target: { value: "ar" } })
    );
    await act(() => setLanguage("ar"));
    expect(document.documentElement.dir).toBe("rtl");
    expect(await screen.findByText("تم حفظ التفضيلات")).toBeTruthy();
    expect(calls.map((c) => [c.method, c.url.pathname, c.body])).toEqual([
      ["PUT", "/api/auth/preferences", { language: "ar" }],
    ]);
    expect(screen.getByRole("heading").textContent).toBe("التفضيلات");
  });

  it("saves the theme and the timezone, and says why the server refused", async () => {
    form();
    await settle(() => fireEvent.click(screen.getByLabelText("Dark")));
    expect(document.documentElement.dataset.theme).toBe("dark");
    expect(calls[0].body).toEqual({ theme: "dark" });
    await settle(() =>
      fireEvent.change(screen.getByLabelText("Timezone"), { target: { value: "Asia/Dubai" } })
    );
    expect(usePreferences.getState().timeZone).toBe("Asia/Dubai");
    expect(calls[1].body).toEqual({ timezone: "Asia/Dubai" });
    refuse = "Unknown timezone";
    await settle(() => fireEvent.click(screen.getByLabelText("As the system")));
    expect(screen.getByRole("status").textContent).toBe(
      "Failed to save preferences: Unknown timezone",
    );
  });
});
