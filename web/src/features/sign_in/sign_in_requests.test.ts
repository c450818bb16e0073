// The sign-in page's requests: the spec's checks and texts, one send per request, and the
// answers' texts.

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { requestProblem, useSignInRequests } from "./sign_in_requests.ts";
import { answer } from "../../test_support/fetch.ts";

beforeEach(() => useSignInRequests.getState().close());
afterEach(() => vi.unstubAllGlobals());

describe("request panels", () => {
  it("check the fields in the spec's order with its texts", () => {
    expect(requestProblem("reset", {})).toMatchObject({
      code: "auth:enter_code",
      message: "Please enter your employee code",
    });
    expect(requestProblem("reset", { employeeCode: "U1" })).toBeNull();
    expect(requestProblem("activation", { employeeCode: "U1" })?.message).toBe(
      "Please provide a reason for activation",
    );
    const reg: Record<string, string> = { employeeCode: "U1" };
    expect(requestProblem("registration", reg)?.message).toBe(
      "Please enter your first and last name",
    );
    Object.assign(reg, { firstName: "A", lastName: "B" });
    expect(requestProblem("registration", reg)?.message).toBe("Please enter your email");
    Object.assign(reg, { email: "a@b.co" });
    expect(requestProblem("registration", reg)?.message).toBe(
      "Please enter your job title and position",
    );
    Object.assign(reg, { jobTitle: "Agent", position: "Ramp" });
    expect(requestProblem("registration", reg)?.message).toBe("Please enter your station");
    Object.assign(reg, { station: "CAI" });
    expect(requestProblem("registration", reg)?.message).toBe(
      "Please provide a reason for registration",
    );
    Object.assign(reg, { reason: "joined" });
    expect(requestProblem("registration", reg)).toBeNull();
  });
});

describe("sending a request", () => {
  it("sends the open form's trimmed fields once and shows the server's confirmation", async () => {
    const fetch = vi.fn((_url: string, _init: RequestInit) =>
      answer(200, { success: true, data: { message: "Request sent" } })
    );
    vi.stubGlobal("fetch", fetch);
    const s = useSignInRequests.getState();
    s.toggle("activation");
    s.edit("employeeCode", " U1 ");
    s.edit("reason", "back from leave ");
    await useSignInRequests.getState().send();
    expect(useSignInRequests.getState().message).toEqual({ ok: true, text: "Request sent" });
    await useSignInRequests.getState().send(); // sent: not again
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0];
    expect(String(url)).toMatch(/\/api\/users\/activation-request$/);
    expect(JSON.parse(String(init.body))).toMatchObject({
      employeeCode: "U1",
      reason: "back from leave",
    });
  });

  it("shows a rule's text without sending, the server's refusal, and the spec's offline text", async () => {
    const fetch = vi.fn(() => answer(400, { success: false, message: "Unknown employee code" }));
    vi.stubGlobal("fetch", fetch);
    useSignInRequests.getState().toggle("reset");
    await useSignInRequests.getState().send();
    expect(useSignInRequests.getState().message?.text).toBe("Please enter your employee code");
    expect(fetch).not.toHaveBeenCalled();
    useSignInRequests.getState().edit("employeeCode", "NOPE");
    await useSignInRequests.getState().send();
    expect(useSignInRequests.getState().message).toEqual({
      ok: false,
      text: "Unknown employee code",
    });
    vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))));
    await useSignInRequests.getState().send();
    expect(useSignInRequests.getState().message?.text).toBe(
      "Failed to send request. Please try again or contact your administrator.",
    );
  });

  it("opens one panel at a time, empty, and an answer after closing is not shown", async () => {
    let reply: (r: Response) => void = () => {};
    vi.stubGlobal("fetch", vi.fn(() => new Promise<Response>((r) => (reply = r))));
    const s = useSignInRequests.getState();
    s.toggle("reset");
    s.edit("employeeCode", "U1");
    const sending = useSignInRequests.getState().send();
    s.toggle("registration");
    expect(useSignInRequests.getState()).toMatchObject({
      panel: "registration",
      values: { gender: "Male" },
      message: null,
      busy: false,
    });
    reply(new Response(JSON.stringify({ success: true, data: { message: "Request sent" } })));
    await sending;
    expect(useSignInRequests.getState().message).toBeNull();
    useSignInRequests.getState().toggle("registration");
    expect(useSignInRequests.getState().panel).toBeNull();
  });
});
