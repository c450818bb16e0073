// Issue 48, ASVS 13: a session left unused ends after the idle setting's minutes, and the browser
// lands on the sign-in page that says why. The server's clock cannot be moved under a running
// portal (and the portal has no test-only clock to move), so the server half, the idle end
// itself, is the Deno test api/auth/attack_idle_test.ts; here the setting is set through the API,
// and the browser gets the server's own idle answer (api/rules/sessions.ts, as http.ts's `fail`
// sends it) for the calls of its session.

import { type APIRequestContext, expect } from "@playwright/test";
import { IDLE_MINUTES_RULE, idleEndedMessage } from "../api/rules/sessions.ts";
import { adminToken, signInUser, test, USER_PASSWORD } from "./support.ts";

test.describe.configure({ mode: "serial" });

/** A user of the converter with its first password change made, all through the API. */
async function userReady(request: APIRequestContext, code: string) {
  const admin = { authorization: `Bearer ${await adminToken(request)}` };
  const made = await request.post("/api/users", {
    headers: admin,
    data: {
      employeeCode: code,
      firstName: "Station",
      lastName: "Agent",
      station: "CAI",
      accessibleApps: ["ffm-to-uws"],
    },
  });
  expect(made.status()).toBe(201);
  const oneTime = (await made.json()).data.oneTimePassword as string;
  const login = await request.post("/api/auth/login", {
    data: { employeeCode: code, password: oneTime },
  });
  const changed = await request.post("/api/users/change-password", {
    headers: { authorization: `Bearer ${(await login.json()).data.token}` },
    data: { employeeCode: code, currentPassword: oneTime, newPassword: USER_PASSWORD },
  });
  expect(changed.status()).toBe(200);
}

test("the idle time is a setting of at least 15 minutes", async ({ request }) => {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const low = await request.put("/api/settings", { headers, data: { idleMinutes: 14 } });
  expect(low.status()).toBe(400);
  expect((await low.json()).message).toBe(IDLE_MINUTES_RULE);
  const set = await request.put("/api/settings", { headers, data: { idleMinutes: 15 } });
  expect(set.status()).toBe(200);
  expect((await set.json()).data.idleMinutes).toBe(15);
  // the suite's other specs share this portal: its default again
  const back = await request.put("/api/settings", { headers, data: { idleMinutes: 60 } });
  expect(back.status()).toBe(200);
});

test("a session that ended unused lands on the sign-in page with the reason, and signing in returns there", async ({ page }) => {
  await userReady(page.request, "IDLEE2E");
  await signInUser(page, "IDLEE2E");
  // from now on the server answers every call of this session as it answers an idle one
  const ended = {
    success: false,
    code: "auth:idle_ended",
    params: { minutes: 15 },
    message: idleEndedMessage(15),
  };
  await page.route("**/api/**", (route) => route.fulfill({ status: 401, json: ended }));
  await page.goto("/apps/ffm-to-uws");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fapps%2Fffm-to-uws$/);
  await expect(page.getByRole("alert")).toHaveText(
    "Your session ended after 15 minutes without use. Please sign in again.",
  );
  // the device no longer holds the user: home is the sign-in page too
  expect(await page.evaluate(() => localStorage.getItem("portal.session"))).toBeNull();
  await page.unroute("**/api/**");
  await page.getByLabel("Employee code").fill("IDLEE2E");
  await page.getByLabel("Password").fill(USER_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/apps\/ffm-to-uws$/);
});

test("a move within the open app that finds the session ended goes to the sign-in page too", async ({ page }) => {
  await signInUser(page, "IDLEE2E");
  await page.route(
    "**/api/**",
    (route) =>
      route.fulfill({
        status: 401,
        json: {
          success: false,
          code: "auth:idle_ended",
          params: { minutes: 15 },
          message: idleEndedMessage(15),
        },
      }),
  );
  // a link of the home screen: the page stays loaded, the user is still held in it
  await page.getByRole("link", { name: "Profile" }).first().click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
  await expect(page.getByRole("alert")).toHaveText(
    "Your session ended after 15 minutes without use. Please sign in again.",
  );
});
