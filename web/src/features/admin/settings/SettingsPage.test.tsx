// The settings screen: only the changed fields are sent, a length that is not whole is refused
// before the server is asked (the two-factor fields by their rules), Cancel puts the loaded
// settings back, and a failed save says why.

import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { answer, callOf } from "../../../test_support/fetch.ts";
import { useReference } from "../../database/reference.ts";
import { SettingsPage } from "./SettingsPage.tsx";

// the frame (navigation, header, guard) is the router's and the session's; the screen is tested alone
vi.mock("../AdminFrame.tsx", () => ({
  AdminFrame: (props: { children: ReactNode }) => <>{props.children}</>,
}));

const SETTINGS = {
  oneTimePasswordHours: 72,
  minPasswordLength: 8,
  uwsRouting: { priority: "QU", address: "CAIKLMS", sender: ".CAIFFMS" },
  developerChat: "",
  auditRetentionDays: 400,
};

/** The bodies of PUT /api/settings, and whether the server refuses them. */
let puts: unknown[] = [];
let refuse: string | null = null;

beforeEach(() => {
  puts = [];
  refuse = null;
  useReference.setState({ source: null });
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const { url, method, body } = callOf(input, init);
      if (method === "PUT") {
        puts.push(body);
        if (refuse !== null) return answer(400, { success: false, message: refuse });
        return answer(200, { success: true, data: { ...SETTINGS, ...(body as object) } });
      }
      if (url.pathname === "/api/settings/public") {
        return answer(200, {
          success: true,
          data: { uwsRouting: SETTINGS.uwsRouting, developerChat: "" },
        });
      }
      return answer(200, { success: true, data: SETTINGS });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const settle = () => act(() => new Promise((r) => setTimeout(r, 0)));
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;
const status = () => screen.getByRole("status").textContent;

async function openScreen() {
  render(<SettingsPage />);
  expect(screen.getByText("Loading settings...")).toBeTruthy();
  await settle();
}

describe("the settings screen", () => {
  it("shows the loaded settings and the UWS head they give", async () => {
    await openScreen();
    expect(input("One-time password lifetime (hours)").value).toBe("72");
    expect(input("Minimum password length").value).toBe("8");
    expect(input("Keep audit entries (days)").value).toBe("400");
    fireEvent.change(input("Priority line"), { target: { value: "qd" } });
    fireEvent.change(input("Address line"), { target: { value: "" } });
    expect(input("Priority line").value).toBe("QD");
    expect(screen.getByLabelText("UWS head preview").textContent).toBe("QD\n.CAIFFMS\nUWS");
  });

  it("sends only the changed fields and says so", async () => {
    await openScreen();
    expect(button("Cancel").disabled).toBe(true);
    fireEvent.click(button("Save Settings"));
    expect(status()).toBe("No changes to save");
    fireEvent.change(input("Minimum password length"), { target: { value: "10" } });
    fireEvent.change(input("Sender line"), { target: { value: ".cairo" } });
    expect(status()).toBe("");
    fireEvent.click(button("Save Settings"));
    expect(button("Saving...").disabled).toBe(true);
    await settle();
    expect(puts).toEqual([{
      minPasswordLength: 10,
      uwsRouting: { priority: "QU", address: "CAIKLMS", sender: ".CAIRO" },
    }]);
    expect(status()).toBe("Settings saved");
    expect(button("Cancel").disabled).toBe(true);
  });

  it("refuses a length that is not a whole number without asking the server", async () => {
    await openScreen();
    fireEvent.change(input("Minimum password length"), { target: { value: "8.5" } });
    fireEvent.click(button("Save Settings"));
    await settle();
    expect(status()).toBe("Minimum password length is a whole number");
    expect(screen.getByRole("status").className).toBe("error");
    expect(puts).toEqual([]);
  });

  it("puts the loaded settings back on Cancel", async () => {
    await openScreen();
    fireEvent.change(input("One-time password lifetime (hours)"), { target: { value: "24" } });
    fireEvent.click(button("Cancel"));
    expect(input("One-time password lifetime (hours)").value).toBe("72");
    expect(status()).toBe("Changes discarded");
  });

  it("says why the server refused a save and keeps what was typed", async () => {
    await openScreen();
    refuse = "Audit retention must be between 30 and 3650 days";
    fireEvent.change(input("Keep audit entries (days)"), { target: { value: "5" } });
    fireEvent.click(button("Save Settings"));
    await settle();
    expect(puts).toEqual([{ auditRetentionDays: 5 }]);
    expect(status()).toBe(
      "Failed to save settings: Audit retention must be between 30 and 3650 days",
    );
    expect(input("Keep audit entries (days)").value).toBe("5");
  });

  it("sends the two-factor policy, grace days and remembered PCs, checked first", async () => {
    await openScreen();
    // a server without them yet: the defaults (not required, 7 days' grace, PCs not remembered)
    const policy = screen.getByLabelText("Policy") as HTMLSelectElement;
    expect(policy.value).toBe("none");
    expect([...policy.options].map((o) => o.textContent)).toEqual([
      "Not required",
      "Required for super admins",
      "Required for admins and super admins",
      "Required for everyone",
    ]);
    expect(input("Grace period (days)").value).toBe("7");
    expect(input("Remember a PC (days)").value).toBe("0");
    expect(screen.getByText(/Off by default: station PCs are shared/)).toBeTruthy();

    fireEvent.change(policy, { target: { value: "admins" } });
    fireEvent.change(input("Grace period (days)"), { target: { value: "91" } });
    fireEvent.click(button("Save Settings"));
    expect(status()).toBe("The grace period is 0 to 90 days");
    fireEvent.change(input("Grace period (days)"), { target: { value: "" } });
    fireEvent.click(button("Save Settings"));
    expect(status()).toBe("The grace period is a whole number of days");
    fireEvent.change(input("Grace period (days)"), { target: { value: "14" } });
    fireEvent.change(input("Remember a PC (days)"), { target: { value: "2.5" } });
    fireEvent.click(button("Save Settings"));
    expect(status()).toBe("Remember a PC for a whole number of days");
    expect(puts).toEqual([]);

    fireEvent.change(input("Remember a PC (days)"), { target: { value: "30" } });
    fireEvent.click(button("Save Settings"));
    await settle();
    expect(puts).toEqual([{
      twoFactorPolicy: "admins",
      twoFactorGraceDays: 14,
      rememberDeviceDays: 30,
    }]);
    expect(status()).toBe("Settings saved");
    expect((screen.getByLabelText("Policy") as HTMLSelectElement).value).toBe("admins");
  });

  it("sends the lockout, history and expiry settings, checked by the server's rules", async () => {
    await openScreen();
    // a server without them yet: the defaults of design 5.3 (5 failures, 15 min, 90 days)
    expect(input("Failed sign-ins before a lock").value).toBe("5");
    expect(input("Lock duration (minutes)").value).toBe("15");
    expect(input("Remembered passwords").value).toBe("0");
    expect(input("Password expiry (days)").value).toBe("90");
    expect(input("Lock duration (minutes)").getAttribute("aria-describedby")).toBe(
      "lockout-minutes-help",
    );
    expect(screen.getByText(/twice as long as the one before, 24 hours at most/)).toBeTruthy();

    fireEvent.change(input("Failed sign-ins before a lock"), { target: { value: "2" } });
    fireEvent.click(button("Save Settings"));
    expect(status()).toBe("Failed sign-ins before a lock are 3 to 20");
    fireEvent.change(input("Failed sign-ins before a lock"), { target: { value: "8" } });
    fireEvent.change(input("Lock duration (minutes)"), { target: { value: "" } });
    fireEvent.click(button("Save Settings"));
    expect(status()).toBe("A lock lasts 1 to 1440 minutes");
    fireEvent.change(input("Lock duration (minutes)"), { target: { value: "30" } });
    fireEvent.change(input("Remembered passwords"), { target: { value: "25" } });
    fireEvent.click(button("Save Settings"));
    expect(status()).toBe("Remembered passwords are 0 to 24");
    fireEvent.change(input("Remembered passwords"), { target: { value: "5" } });
    fireEvent.change(input("Password expiry (days)"), { target: { value: "60.5" } });
    fireEvent.click(button("Save Settings"));
    expect(status()).toBe("A password lasts 1 to 3650 days, or 0 for never");
    expect(puts).toEqual([]);

    fireEvent.change(input("Password expiry (days)"), { target: { value: "60" } });
    fireEvent.click(button("Save Settings"));
    await settle();
    expect(puts).toEqual([{
      lockoutThreshold: 8,
      lockoutMinutes: 30,
      passwordHistory: 5,
      passwordExpiryDays: 60,
    }]);
    expect(status()).toBe("Settings saved");
    expect(input("Password expiry (days)").value).toBe("60");
  });

  it("sends the session lifetime, 1 to 24 hours, and says it applies to new sessions", async () => {
    await openScreen();
    // a server without it yet: the spec's 8 hours
    expect(input("Session lifetime (hours)").value).toBe("8");
    expect(input("Session lifetime (hours)").getAttribute("aria-describedby")).toBe(
      "session-hours-help",
    );
    expect(screen.getByText(/sessions already open keep the lifetime they began with/))
      .toBeTruthy();
    for (const typed of ["0", "25", "2.5", ""]) {
      fireEvent.change(input("Session lifetime (hours)"), { target: { value: typed } });
      fireEvent.click(button("Save Settings"));
      expect(status()).toBe("A session lasts 1 to 24 hours");
    }
    expect(puts).toEqual([]);
    fireEvent.change(input("Session lifetime (hours)"), { target: { value: "12" } });
    fireEvent.click(button("Save Settings"));
    await settle();
    expect(puts).toEqual([{ sessionHours: 12 }]);
    expect(status()).toBe("Settings saved");
    expect(input("Session lifetime (hours)").value).toBe("12");
  });

  it("sends the idle timeout, 15 to 1440 minutes, and says it ends open sessions too", async () => {
    await openScreen();
    // a server without it yet: 60 minutes
    expect(input("Idle timeout (minutes)").value).toBe("60");
    expect(screen.getByText(/not used for this many minutes ends.*default 60/)).toBeTruthy();
    for (const typed of ["14", "0", "1441", "20.5", ""]) {
      fireEvent.change(input("Idle timeout (minutes)"), { target: { value: typed } });
      fireEvent.click(button("Save Settings"));
      expect(status()).toBe("A session ends after 15 to 1440 minutes without use");
    }
    expect(puts).toEqual([]);
    fireEvent.change(input("Idle timeout (minutes)"), { target: { value: "15" } });
    fireEvent.click(button("Save Settings"));
    await settle();
    expect(puts).toEqual([{ idleMinutes: 15 }]);
    expect(status()).toBe("Settings saved");
  });

  it("offers Retry when the settings cannot be read", async () => {
    vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new TypeError("offline"))));
    await openScreen();
    expect(screen.getByRole("alert").textContent).toContain(
      "Settings are kept on the server. Check the connection and retry.",
    );
    vi.stubGlobal("fetch", vi.fn(() => answer(200, { success: true, data: SETTINGS })));
    fireEvent.click(button("Retry"));
    await settle();
    expect(input("Minimum password length").value).toBe("8");
  });
});
