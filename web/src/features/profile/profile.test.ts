// The own profile: loading it for a visit, editing the contact fields and the texts of saving.

import { afterEach, describe, expect, it, vi } from "vitest";
import { type Profile, useProfile } from "./profile.ts";

const PROFILE: Profile = {
  employeeCode: "U1",
  fullName: "User One",
  station: "CAI",
  jobTitle: "Agent",
  email: "u1@example.com",
  workPhone: "",
  department: "Cargo",
};

const ok = (data: unknown) => Promise.resolve(Response.json({ success: true, data }));

afterEach(() => {
  vi.unstubAllGlobals();
  useProfile.setState({ employeeCode: "", profile: null, draft: null, status: null });
});

describe("the profile store", () => {
  it("loads the profile, and says so when it cannot", async () => {
    vi.stubGlobal("fetch", () => ok(PROFILE));
    await useProfile.getState().load("U1");
    expect(useProfile.getState().profile).toEqual(PROFILE);
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    await useProfile.getState().load("U1");
    expect(useProfile.getState().status).toEqual({
      ok: false,
      text: "Failed to load profile data",
    });
    // another user's record is not shown while theirs loads
    await useProfile.getState().load("U2");
    expect(useProfile.getState().profile).toBeNull();
  });

  it("edits from the saved values, saves the draft, and a new visit ends an edit", async () => {
    vi.stubGlobal("fetch", () => ok(PROFILE));
    await useProfile.getState().load("U1");
    useProfile.getState().edit();
    expect(useProfile.getState().draft).toEqual({
      email: "u1@example.com",
      phone: "",
      department: "Cargo",
    });
    useProfile.getState().change("department", "Ramp");
    const sent: unknown[] = [];
    vi.stubGlobal("fetch", (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)));
      return ok({ ...PROFILE, department: "Ramp" });
    });
    await useProfile.getState().save();
    expect(sent).toEqual([{ email: "u1@example.com", phone: "", department: "Ramp" }]);
    expect(useProfile.getState()).toMatchObject({
      draft: null,
      status: { ok: true, text: "Profile updated" },
      profile: { department: "Ramp" },
    });
    useProfile.getState().edit();
    vi.stubGlobal("fetch", () => ok(PROFILE));
    await useProfile.getState().load("U1");
    expect(useProfile.getState()).toMatchObject({ draft: null, status: null });
  });

  it("keeps the edit open with the server's refusal, or the fallback offline", async () => {
    vi.stubGlobal("fetch", () => ok(PROFILE));
    await useProfile.getState().load("U1");
    useProfile.getState().edit();
    const refusal = { success: false, message: "Invalid email address" };
    vi.stubGlobal("fetch", () => Promise.resolve(Response.json(refusal, { status: 400 })));
    await useProfile.getState().save();
    expect(useProfile.getState().status).toEqual({ ok: false, text: "Invalid email address" });
    expect(useProfile.getState().draft).not.toBeNull();
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    await useProfile.getState().save();
    expect(useProfile.getState().status?.text).toBe("Failed to update profile");
    useProfile.getState().cancel();
    expect(useProfile.getState()).toMatchObject({ draft: null, status: null });
  });
});
