// Issue 48, item 4: signing out while offline at a shared PC must not hand the session to the next
// person. The sign-out is remembered on the device, the app is signed out at once (a reload
// offline included), and back online the server sign-out is the first call the app makes; after
// it /home shows the sign-in page and the old cookie's session is dead on the server.

import { expect } from "@playwright/test";
import { adminToken, signInUser, test, USER_PASSWORD } from "./support.ts";

/** The note the sign-in page shows while the server sign-out waits for the network. */
const PENDING = /sign-out will be completed on the server when this PC is back online/i;

test("signing out offline ends the server session first thing back online", async ({ page, context, request }) => {
  test.setTimeout(60_000);
  // an admin whose first password change is made through the API
  const made = await page.request.post("/api/users", {
    headers: { authorization: `Bearer ${await adminToken(page.request)}` },
    data: {
      employeeCode: "OFFADM1",
      firstName: "Station",
      lastName: "Admin",
      station: "CAI",
      role: "admin",
      accessibleApps: ["admin-apps"],
    },
  });
  expect(made.status()).toBe(201);
  const oneTime = (await made.json()).data.oneTimePassword as string;
  const first = await page.request.post("/api/auth/login", {
    data: { employeeCode: "OFFADM1", password: oneTime },
  });
  const changed = await page.request.post("/api/users/change-password", {
    headers: { authorization: `Bearer ${(await first.json()).data.token}` },
    data: { employeeCode: "OFFADM1", currentPassword: oneTime, newPassword: USER_PASSWORD },
  });
  expect(changed.status()).toBe(200);
  await page.context().clearCookies();
  await signInUser(page, "OFFADM1");
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  const cookie = (await context.cookies()).find((c) => c.name === "session");
  expect(cookie).toBeDefined();

  // a second tab of the same PC, left on the profile
  const other = await context.newPage();
  await other.goto("/profile");
  await expect(other.getByRole("heading", { name: "My Profile", level: 1 })).toBeVisible();

  // the attack: sign out with the network gone, then leave the PC
  await context.setOffline(true);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
  await expect(page.getByText(PENDING)).toBeVisible();
  // the other tab is signed out as well
  await expect(other).toHaveURL(/\/login/);
  await expect(other.getByText(PENDING)).toBeVisible();
  await other.close();

  // still offline: a reload and the home address both stay signed out
  await page.reload();
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
  await page.goto("/home");
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText(PENDING)).toBeVisible();

  // the next person comes: the network is back; the sign-out goes first
  const calls: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith("/api/")) calls.push(`${r.method()} ${url.pathname}`);
  });
  const signedOut = page.waitForResponse((r) => r.url().endsWith("/api/auth/logout"));
  await context.setOffline(false);
  expect((await signedOut).status()).toBe(200);
  expect(calls[0]).toBe("POST /api/auth/logout");
  await expect(page.getByText(PENDING)).toHaveCount(0);

  await page.goto("/home");
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
  await expect(page.getByText(/Welcome/)).toHaveCount(0);
  expect(calls[0]).toBe("POST /api/auth/logout");

  // the old cookie no longer opens anything on the server, and the browser no longer holds it
  const me = await request.get("/api/auth/me", {
    headers: { cookie: `session=${cookie!.value}` },
  });
  expect(me.status()).toBe(401);
  expect((await context.cookies()).find((c) => c.name === "session")).toBeUndefined();
});
