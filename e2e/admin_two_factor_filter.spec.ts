// The user list's two-factor filter and its counts follow an enrolment and a reset at once
// (issue 52, item 6): a super admin has the list open with the filter on "On" while a user
// enrols an authenticator app from the profile; the next look at the list has them, and after
// the admin's reset it has them no more. Every user here has a code starting with TFL.

import { expect, type Page } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { adminToken, test, USER_PASSWORD, userRow, userWithApps } from "./support.ts";

test.describe.configure({ mode: "serial", timeout: 90_000 });

const search = (page: Page) => page.getByPlaceholder("Search by code, name, email, or station...");
const twoFactor = (page: Page) => page.getByRole("combobox", { name: /^Two-factor/ });

/** Opens the list on the TFL users with the two-factor filter on "On". */
async function listWithFactor(page: Page) {
  await page.goto("/apps/admin-apps/users?twoFactor=on&q=TFL");
  await expect(page.getByRole("heading", { name: "User Management" })).toBeVisible();
  await expect(search(page)).toHaveValue("TFL");
  await expect(twoFactor(page)).toHaveValue("on");
}

test("an enrolment and a reset show in the two-factor filter and its counts at once", async ({ page, browser, request }) => {
  await userWithApps(page, "TFLADM", [], "super_admin");
  // the user, in a browser of their own
  const person = await (await browser.newContext()).newPage();
  await userWithApps(person, "TFLU1", []);

  await listWithFactor(page);
  await expect(page.getByText("No users found")).toBeVisible();
  await expect(twoFactor(page).locator("option")).toHaveText(["All (2)", "On (0)", "Off (2)"]);

  // the user sets up an authenticator app on the profile
  await person.goto("/profile");
  await person.getByRole("button", { name: "Set up authenticator app" }).click();
  const confirm = person.getByRole("dialog", { name: "Confirm it is you" });
  await confirm.getByLabel("Your password").fill(USER_PASSWORD);
  await confirm.getByRole("button", { name: "Continue" }).click();
  const secret = (await person.locator(".tf-secret").innerText()).replace(/\s+/g, "");
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6 });
  await person.getByLabel("6-digit code from the app").fill(totp.generate());
  await person.getByRole("button", { name: "Confirm" }).click();
  await expect(person.getByRole("heading", { name: "Your recovery codes" })).toBeVisible();
  await person.context().close();

  await listWithFactor(page);
  await expect(userRow(page, "TFLU1")).toBeVisible();
  await expect(twoFactor(page).locator("option")).toHaveText(["All (2)", "On (1)", "Off (1)"]);

  // a super admin's reset takes it away again
  // through a request context of its own: the page's shares its cookies, and stays TFLADM's
  const token = await adminToken(request);
  const reset = await request.delete("/api/users/TFLU1/two-factor", {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(reset.status(), await reset.text()).toBe(200);
  await listWithFactor(page);
  await expect(page.getByText("No users found")).toBeVisible();
  await expect(twoFactor(page).locator("option")).toHaveText(["All (2)", "On (0)", "Off (2)"]);
});
