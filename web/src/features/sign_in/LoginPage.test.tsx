// The sign-in screen through its route: its texts, and where signing in goes: back to the page
// the user was sent from, through the forced change when a one-time password is in use, and
// never to another site, whatever the address's ?redirect= says.

import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { endRouteTest, renderRoute, type Reply, serveApi } from "../../test_support/routes.tsx";
import { sessionOf } from "../../test_support/session.ts";
import type { SessionUser } from "../shell/session.ts";
import { dropBootForm, startBootForm } from "./boot_form.ts";
import { bootFormHtml } from "./boot_form_html.ts";

const USER = sessionOf("U1", "user", { fullName: "User One" });

/** The server: sign-in answers `login`; the session exists once signed in. */
function server(login: Reply, user: SessionUser = USER) {
  let signedIn = false;
  return serveApi({
    "POST /api/auth/login": () => {
      if ("data" in login) signedIn = true;
      return login;
    },
    "GET /api/auth/me": () =>
      signedIn ? { data: { user } } : { status: 401, message: "Please sign in" },
    "GET /api/users/U1": { data: { ...user, workPhone: "", email: "", department: "" } },
  });
}

async function signIn(code = "u1", password = "secret") {
  fireEvent.change(await screen.findByLabelText("Employee code"), { target: { value: code } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
}

beforeEach(() => localStorage.clear());
afterEach(endRouteTest);

describe("signing in", () => {
  it("a signed-out visit carries the address to /login, and signing in returns there", async () => {
    const served = server({ data: { user: USER } });
    const router = renderRoute("/profile?tab=1#change-password");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.search).toEqual({ redirect: "/profile?tab=1#change-password" });
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile"));
    expect(router.state.location.hash).toBe("change-password");
    expect(await screen.findByRole("heading", { name: "My Profile" })).toBeTruthy();
    expect(served).toContain("POST /api/auth/login");
  });

  it("goes home from a plain /login", async () => {
    server({ data: { user: USER } });
    const router = renderRoute("/login");
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(await screen.findByRole("heading", { name: "Welcome, User One" })).toBeTruthy();
  });

  for (const attack of ["https://evil.example/", "//evil.example/x", "/\\evil.example"]) {
    it(`never leaves the site for ?redirect=${attack}`, async () => {
      server({ data: { user: USER } });
      const router = renderRoute(`/login?redirect=${encodeURIComponent(attack)}`);
      await signIn();
      await waitFor(() => expect(router.state.location.pathname).toBe("/"));
      expect(router.state.location.href).toBe("/");
      expect(globalThis.location.host).toBe("localhost:8000");
    });
  }

  it("on a one-time password goes through the forced change, carrying the address", async () => {
    const fresh = { ...USER, needsPasswordChange: true };
    server({ data: { user: fresh } }, fresh);
    const router = renderRoute("/login?redirect=%2Fprofile");
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe("/password-change-required"));
    expect(router.state.location.search).toEqual({ redirect: "/profile" });
  });
});

describe("the server's form, typed into before the app loaded", () => {
  const TEXTS = {
    portal: "Staff Portal",
    signIn: "Sign In",
    signingIn: "Signing in…",
    employeeCode: "Employee code",
    password: "Password",
    notice: "notice",
  };

  /** The page as the server sends /login, typed into: the code, then the password (focused, the
   * caret after its 3rd character), and Sign In pressed when `submit`. */
  function typeBeforeTheApp(submit: boolean) {
    history.replaceState(null, "", "/login");
    document.body.insertAdjacentHTML("afterbegin", bootFormHtml(TEXTS, {}));
    startBootForm("en");
    const code = document.querySelector<HTMLInputElement>("#boot-login input[name=employeeCode]")!;
    code.value = "u1";
    code.dispatchEvent(new Event("input", { bubbles: true }));
    const password = document.querySelector<HTMLInputElement>("#boot-login input[name=password]")!;
    password.value = "secret";
    password.focus();
    password.setSelectionRange(3, 3);
    if (submit) {
      document.querySelector("#boot-login form")!.dispatchEvent(
        new Event("submit", { cancelable: true, bubbles: true }),
      );
    }
  }

  afterEach(dropBootForm);

  it("keeps what was typed and where the caret was, and the server's form is gone", async () => {
    typeBeforeTheApp(false);
    renderRoute("/login");
    await waitFor(() => expect(document.getElementById("boot-login")).toBeNull());
    const password = screen.getByLabelText("Password") as HTMLInputElement;
    expect(password.value).toBe("secret");
    expect((screen.getByLabelText("Employee code") as HTMLInputElement).value).toBe("U1");
    expect(document.activeElement?.outerHTML).toBe(password.outerHTML);
    expect([password.selectionStart, password.selectionEnd]).toEqual([3, 3]);
  });

  it("signs in at once when Sign In was pressed before the app had loaded", async () => {
    const served = server({ data: { user: USER } });
    typeBeforeTheApp(true);
    const router = renderRoute("/login");
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(served).toContain("POST /api/auth/login");
    expect(await screen.findByRole("heading", { name: "Welcome, User One" })).toBeTruthy();
  });
});

describe("the sign-in form's texts", () => {
  it("says what is missing, and the server's refusal", async () => {
    server({ status: 401, message: "Invalid employee code or password" });
    renderRoute("/login");
    fireEvent.click(await screen.findByRole("button", { name: "Sign In" }));
    expect(screen.getByRole("alert").textContent).toBe("Please enter your employee code");
    fireEvent.change(screen.getByLabelText("Employee code"), { target: { value: "u1" } });
    expect((screen.getByLabelText("Employee code") as HTMLInputElement).value).toBe("U1");
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(screen.getByRole("alert").textContent).toBe("Please enter your password");
    await signIn("u1", "wrong");
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe("Invalid employee code or password")
    );
  });

  it("offline, says to try again", async () => {
    renderRoute("/login");
    await screen.findByRole("button", { name: "Sign In" });
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    await signIn();
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe("Login failed. Please try again.")
    );
  });
});
