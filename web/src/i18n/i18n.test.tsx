// The portal in two languages (issue 28): a screen's texts follow the chosen language at once, the
// document turns right to left, Arabic plurals take Arabic's forms, dates name the month in the
// language with Latin digits, server messages are translated by their English text, and what the
// device keeps opens the next page in the same language and theme.

import { act, cleanup, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { COMMON } from "./areas/common.ts";
import { catalogue, setLanguage, text, useT } from "./i18n.ts";
import { currentLanguage } from "./language.ts";
import { serverText } from "./server_text.ts";
import { formatDateTime } from "../lib/time.ts";
import { useDisplay } from "../features/shell/display.ts";
import { useSession } from "../features/shell/session.ts";

afterEach(async () => {
  cleanup();
  await act(() => setLanguage("en"));
});

/** A screen with one common word. */
function Probe() {
  const t = useT(COMMON);
  return <button type="button">{t("cancel")}</button>;
}

describe("the language shown", () => {
  it("switches a rendered screen's texts and the document's direction at once", async () => {
    render(
      <Suspense fallback="…">
        <Probe />
      </Suspense>,
    );
    expect(screen.getByRole("button").textContent).toBe("Cancel");
    expect(document.documentElement.dir).not.toBe("rtl");
    await act(() => setLanguage("ar"));
    expect(screen.getByRole("button").textContent).toBe("إلغاء");
    expect(document.documentElement.dir).toBe("rtl");
    expect(document.documentElement.lang).toBe("ar");
    await act(() => setLanguage("en"));
    expect(screen.getByRole("button").textContent).toBe("Cancel");
    expect(document.documentElement.dir).toBe("ltr");
  });

  it("gives Arabic plurals their Arabic forms and counts in Latin digits", async () => {
    const counts = catalogue("test_counts", {
      users: "{count, plural, one {# user} other {# users}}",
    });
    expect(text(counts, "users", { count: 1 })).toBe("1 user");
    expect(text(counts, "users", { count: 1200 })).toBe("1,200 users");
    await setLanguage("ar");
    // no Arabic catalogue for this test area: the English stands in, never the key
    expect(text(counts, "users", { count: 3 })).toBe("3 users");
    expect(currentLanguage()).toBe("ar");
  });

  it("writes dates with the month in the language and Latin digits", async () => {
    const at = "2026-11-24T12:05:00Z";
    expect(formatDateTime(at, "Africa/Cairo")).toBe("24 Nov 2026, 14:05");
    await setLanguage("ar");
    expect(formatDateTime(at, "Africa/Cairo")).toBe("24 نوفمبر 2026، 14:05");
  });
});

describe("server messages", () => {
  it("are shown as the server wrote them in English, and translated when the catalogue has them", async () => {
    const message = "Invalid employee code or password";
    expect(serverText(message)).toBe(message);
    await setLanguage("ar");
    expect(serverText(message)).toBe("الرقم الوظيفي أو كلمة المرور غير صحيحة");
    // a message with values: the values kept, isolated, in the Arabic sentence
    expect(serverText("Employee code CAI01 already exists")).toBe(
      "الرقم الوظيفي \u2068CAI01\u2069 موجود بالفعل",
    );
    // the most specific pattern wins over a general one that also matches
    expect(serverText("Email a@b.c is already used by another account")).toBe(
      "البريد الإلكتروني \u2068a@b.c\u2069 مستخدم بالفعل في حساب آخر",
    );
    expect(serverText("A message no catalogue knows")).toBe("A message no catalogue knows");
  });

  it("are translated by their code, with their values, whatever their English text", async () => {
    await setLanguage("ar");
    const said = (code: string, params: Record<string, string | number>, message = "reworded") =>
      serverText({ code, params, message });
    expect(said("auth:invalid_login", {})).toBe("الرقم الوظيفي أو كلمة المرور غير صحيحة");
    expect(said("users:code_exists", { code: "CAI01" })).toBe(
      "الرقم الوظيفي \u2068CAI01\u2069 موجود بالفعل",
    );
    expect(said("users:email_taken", { email: "a@b.c" })).toBe(
      "البريد الإلكتروني \u2068a@b.c\u2069 مستخدم بالفعل في حساب آخر",
    );
    expect(said("field:reason:too_long", { max: 500 })).toBe("يجب ألا يزيد السبب على 500 حرف");
    expect(said("field:station:too_long", { max: 3 })).toBe("يجب ألا تزيد المحطة على 3 أحرف");
    expect(said("requests:none:password-reset", { code: "U1" })).toBe(
      serverText("No pending password-reset request for U1"),
    );
    // a code the catalogue does not know shows the answer's English text
    expect(said("no.such_code", {}, "As the server wrote it")).toBe("As the server wrote it");
    await setLanguage("en");
    expect(said("auth:invalid_login", {}, "Invalid employee code or password")).toBe(
      "Invalid employee code or password",
    );
  });
});

describe("the display preferences", () => {
  it("show at once, are kept on the device, and follow the signed-in account", async () => {
    act(() => useDisplay.getState().apply({ language: "ar", theme: "dark" }));
    await act(() => setLanguage("ar"));
    expect(document.documentElement.dataset.theme).toBe("dark");
    expect(document.title).toBe("بوابة الموظفين");
    const kept = JSON.parse(localStorage.getItem("portal.display") ?? "{}");
    expect(kept.state).toEqual({ language: "ar", theme: "dark", notifications: true });
    useDisplay.getState().apply({ theme: "system", language: "klingon" });
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(useDisplay.getState().language).toBe("ar");
    useDisplay.getState().apply({ language: "en", theme: "light" });
    expect(useDisplay.getState().theme).toBe("light");
    expect(useSession.getState().user).toBeNull();
  });
});
