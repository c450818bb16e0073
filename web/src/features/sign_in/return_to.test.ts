// Where the sign-in returns to: only a path of this site; anything else (an attacker's link to
// /login?redirect=...) lands on home.

import { describe, expect, it } from "vitest";
import { returnTo } from "./return_to.ts";

describe("the sign-in's return address", () => {
  it("keeps a path of this site with its query and hash", () => {
    expect(returnTo("/apps/admin-apps/users")).toBe("/apps/admin-apps/users");
    expect(returnTo("/apps/admin-apps/users?status=active&sort=name#top")).toBe(
      "/apps/admin-apps/users?status=active&sort=name#top",
    );
    expect(returnTo("/apps/admin-apps/users/A%2FB")).toBe("/apps/admin-apps/users/A%2FB");
  });

  it("sends other sites, protocol-relative and scheme addresses home", () => {
    for (
      const attack of [
        "https://evil.example/",
        "//evil.example/path",
        "/\\evil.example",
        "\\\\evil.example",
        "/\t/evil.example",
        "/\n/evil.example",
        "javascript:alert(1)",
        "http:/evil.example",
        " /home",
        "evil.example",
      ]
    ) expect(returnTo(attack), attack).toBe("/");
  });

  it("sends nothing, non-text and the sign-in page itself home", () => {
    for (const raw of [undefined, null, "", 42, ["/home"], "/login", "/login?redirect=/home"]) {
      expect(returnTo(raw), String(raw)).toBe("/");
    }
  });
});
