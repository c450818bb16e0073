// Two-factor sign-in as a new administrator tries it (issue 26): an authenticator app enrolled
// from the profile after the password asked again (the test computes codes from the key it reads
// off the page), then a sign-in with a code and one with a recovery code, and new codes; a passkey
// through Chromium's virtual authenticator;
// the policy leading an admin without one to set it up; and a super admin's reset. Every screen
// is audited with axe and photographed at 1280 and 375 px (test-results, not committed).

import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { PORT } from "./playwright.config.ts";
import {
  adminToken,
  CHANGED_ADMIN_PASSWORD,
  confirmPassword,
  signIn,
  test,
  USER_PASSWORD,
  userWithApps,
} from "./support.ts";

// Each test audits and photographs up to five screens (an axe run and two full-page shots each,
// 2-4 s apiece here) around two or three sign-ins: 25-31 s on the 2-core host, past the suite's
// 30 s default (the clean-clone CI run's one failure, a timeout inside the last screenshot).
test.describe.configure({ mode: "serial", timeout: 90_000 });

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Audits the screen with axe (nothing serious or critical) and photographs it at both widths. */
async function look(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${name}: ${v.id} ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/two-factor/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The code of a base32 key a step ahead of now: the step of now may be the enrolment's. */
function codeOf(secret: string, ahead = 1): string {
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: 30,
  });
  return totp.generate({ timestamp: Date.now() + ahead * 30_000 });
}

/** Sets the two-factor policy through the API with a super admin's session. */
async function setPolicy(page: Page, token: string, settings: Record<string, unknown>) {
  const res = await page.request.put("/api/settings", {
    headers: { authorization: `Bearer ${token}` },
    data: settings,
  });
  expect(res.status()).toBe(200);
}

async function signOut(page: Page) {
  await page.goto("/");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
}

test("an admin enrols an authenticator app, then signs in with a code and with a recovery code", async ({ page }) => {
  await userWithApps(page, "TFA1", [], "admin");
  await page.goto("/profile");
  await page.getByRole("button", { name: "Set up authenticator app" }).click();
  // the password is asked again: a wrong one stays in the dialog with the reason
  const confirm = page.getByRole("dialog", { name: "Confirm it is you" });
  await confirm.getByLabel("Your password").fill("not-my-password");
  await confirm.getByRole("button", { name: "Continue" }).click();
  await expect(confirm.getByRole("alert")).toHaveText("Current password is incorrect");
  await look(page, "profile-password-confirm");
  await confirm.getByLabel("Your password").fill(USER_PASSWORD);
  await confirm.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  await look(page, "profile-totp-setup");
  const secret = (await page.locator(".tf-secret").innerText()).replace(/\s+/g, "");
  await page.getByLabel("6-digit code from the app").fill(codeOf(secret, 0));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("heading", { name: "Your recovery codes" })).toBeVisible();
  await look(page, "profile-recovery-codes");
  const codes = await page.locator(".tf-codes code").allInnerTexts();
  expect(codes).toHaveLength(10);
  await page.getByRole("button", { name: "I have saved them" }).click();
  await look(page, "profile-two-factor-on");

  await signOut(page);
  await signIn(page, "TFA1", USER_PASSWORD);
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
  await look(page, "login-second-step");
  await page.getByLabel("Authenticator code").fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toContainText("That code is not right");
  await page.getByLabel("Authenticator code").fill(codeOf(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible();

  await signOut(page);
  await signIn(page, "TFA1", USER_PASSWORD);
  await page.getByRole("button", { name: "Use a recovery code" }).click();
  await look(page, "login-recovery-code");
  await page.getByLabel("Recovery code").fill(codes[0]);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible();
  await page.goto("/profile");
  await expect(page.getByText(/9 (recovery codes|of 10)/)).toBeVisible();
  // new codes: asked, with the password, by keyboard alone
  await page.getByRole("button", { name: "Generate new recovery codes" }).click();
  const generate = page.getByRole("dialog", { name: "Generate new recovery codes?" });
  await expect(generate.getByLabel("Your password")).toBeFocused();
  await page.keyboard.type(USER_PASSWORD);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Your recovery codes" })).toBeVisible();
  const fresh = await page.locator(".tf-codes code").allInnerTexts();
  expect(fresh).toHaveLength(10);
  expect(fresh).not.toContain(codes[1]);
});

test("an admin enrols a passkey with Chromium's virtual authenticator and signs in with it", async ({ page }) => {
  // passkeys need a host name (an address such as 127.0.0.1 is no relying party)
  const origin = `http://localhost:${PORT}`;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await userWithApps(page, "TFP1", [], "admin");
  await page.goto(`${origin}/login`);
  await page.getByLabel("Employee code").fill("TFP1");
  await page.getByLabel("Password").fill(USER_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible();
  await page.goto(`${origin}/profile`);
  await page.getByLabel("Passkey name").fill("Ops desk PC");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm it is you" });
  await expect(confirm).toContainText("Enter your password to add the passkey Ops desk PC.");
  await confirm.getByLabel("Your password").fill(USER_PASSWORD);
  await confirm.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Your recovery codes" })).toBeVisible();
  await page.getByRole("button", { name: "I have saved them" }).click();
  await expect(page.getByText("Ops desk PC")).toBeVisible();
  await look(page, "profile-passkey");

  await page.goto(`${origin}/`);
  await page.getByRole("button", { name: "Logout" }).click();
  await page.getByRole("button", { name: "Use a passkey instead" }).click();
  await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible();
  // and as the second step after the password
  await page.getByRole("button", { name: "Logout" }).click();
  await page.getByLabel("Employee code").fill("TFP1");
  await page.getByLabel("Password").fill(USER_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible();
});

test("a super admin requires two-factor for admins, and an admin without one is led to set it up", async ({ page }) => {
  // a session begun before the policy: it puts the policy back whatever happens
  const before = await adminToken(page.request);
  try {
    await userWithApps(page, "TFR1", [], "admin");
    await signOut(page);
    await signIn(page, "ADMIN", CHANGED_ADMIN_PASSWORD);
    await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible();
    await page.goto("/apps/admin-apps/settings");
    const policy = page.getByRole("group", { name: "Two-factor sign-in" });
    await policy.getByRole("combobox").selectOption("admins");
    await policy.getByLabel("Grace period (days)").fill("0");
    await look(page, "settings-two-factor");
    await page.getByRole("button", { name: /^Save/ }).click();
    // the security settings ask for the password again (issue 48)
    await confirmPassword(page, CHANGED_ADMIN_PASSWORD);
    // saved: ADMIN is a super admin, so with no grace its own open session is held at its next
    // request too (issue 48, Low 8) and may land on the setup page before the note shows; that
    // the policy was stored is what TFR1's sign-in below proves
    await expect(
      page.getByText(/saved/i).first().or(
        page.getByText("Set it up now to continue using the portal."),
      ),
    ).toBeVisible();
    // from now on ADMIN too is asked to set one up; sign out first
    await page.context().clearCookies();
    await signIn(page, "TFR1", USER_PASSWORD);
    await expect(page).toHaveURL(/\/two-factor-setup/);
    await expect(page.getByText("Set it up now to continue using the portal.")).toBeVisible();
    await look(page, "two-factor-setup-required");
    // nothing else opens until it is done
    await page.goto("/apps/admin-apps/users");
    await expect(page).toHaveURL(/\/two-factor-setup/);
  } finally {
    await restorePolicy(page, before);
  }
});

test("Later on the two-factor setup holds when an app is opened from Home", async ({ page }) => {
  const before = await adminToken(page.request);
  try {
    await userWithApps(page, "TFL1", ["ffm-to-uws"], "admin");
    // a week's grace: the setup is asked once per sign-in, and Later goes on to Home
    await setPolicy(page, before, { twoFactorPolicy: "admins", twoFactorGraceDays: 7 });
    await page.context().clearCookies();
    await signIn(page, "TFL1", USER_PASSWORD);
    await page.getByRole("button", { name: "Later" }).click();
    await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible();
    // the card opens the app in this page: the answer Later was given is still known there
    await page.getByRole("link", { name: /FFM to UWS/i }).click();
    await expect(page).toHaveURL(/\/apps\/ffm-to-uws$/);
    await expect(page.getByLabel("Enter FFM input")).toBeVisible();
  } finally {
    await restorePolicy(page, before);
  }
});

/** Puts the policy back to none with the first super admin's session begun before it. A policy
 * without grace holds that open session too (issue 48, Low 8), so it first sets up an
 * authenticator (all a held session may do), puts the policy back, then removes it again, as
 * the other specs sign ADMIN in with its password alone. */
async function restorePolicy(page: Page, before: string) {
  const headers = { authorization: `Bearer ${before}` };
  const held = await page.request.put("/api/settings", {
    headers,
    data: { twoFactorPolicy: "none", twoFactorGraceDays: 7 },
  });
  if (held.status() === 200) return;
  const started = await page.request.post("/api/auth/two-factor/totp", {
    headers,
    data: { password: CHANGED_ADMIN_PASSWORD },
  });
  const { secret } = (await started.json()).data;
  const confirmed = await page.request.post("/api/auth/two-factor/totp/confirm", {
    headers,
    data: { code: codeOf(secret, 0) },
  });
  expect(confirmed.status()).toBe(200);
  await setPolicy(page, before, { twoFactorPolicy: "none", twoFactorGraceDays: 7 });
  const removed = await page.request.delete("/api/auth/two-factor/totp", {
    headers,
    data: { password: CHANGED_ADMIN_PASSWORD },
  });
  expect(removed.status()).toBe(200);
}

test("a super admin resets a user's second factor", async ({ page }) => {
  // the user enrols through the API, as their profile does
  await userWithApps(page, "TFX1", [], "user");
  const login = await page.request.post("/api/auth/login", {
    data: { employeeCode: "TFX1", password: USER_PASSWORD },
  });
  const own = { authorization: `Bearer ${(await login.json()).data.token}` };
  const started = await page.request.post("/api/auth/two-factor/totp", {
    headers: own,
    data: { password: USER_PASSWORD },
  });
  const { secret } = (await started.json()).data;
  const confirmed = await page.request.post("/api/auth/two-factor/totp/confirm", {
    headers: own,
    data: { code: codeOf(secret, 0) },
  });
  expect(confirmed.status()).toBe(200);
  await page.context().clearCookies();
  await signIn(page, "ADMIN", CHANGED_ADMIN_PASSWORD);
  await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible();
  await page.goto("/apps/admin-apps/users?twoFactor=on");
  await expect(page.getByRole("cell", { name: "TFX1", exact: true })).toBeVisible();
  await page.goto("/apps/admin-apps/users/TFX1");
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
  await look(page, "user-detail-two-factor");
  await page.getByRole("button", { name: "Reset two-factor sign-in" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Reset two-factor sign-in" }).click();
  await confirmPassword(page, CHANGED_ADMIN_PASSWORD);
  await expect(page.getByText("Two-factor sign-in of TFX1 reset")).toBeVisible();
  // the user's session ended with it, and the password alone signs in again
  expect((await page.request.get("/api/auth/me", { headers: own })).status()).toBe(401);
  const again = await page.request.post("/api/auth/login", {
    data: { employeeCode: "TFX1", password: USER_PASSWORD },
  });
  expect((await again.json()).data.token).toBeTruthy();
});
