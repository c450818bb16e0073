// The shell as staff meet it (issue 23): the footer's chat with the developer, Home's banner
// before a password expires, the profile's password rule and Cancel, and a sign-in request panel
// that cannot be sent twice while it closes.

import { expect } from "@playwright/test";
import { adminToken, test, userWithApps } from "./support.ts";

const DAY = 24 * 60 * 60 * 1000;

test("the footer offers a chat with the developer that greets with the user's name and code, none without a number", async ({ page, request }) => {
  await userWithApps(page, "SHL1", ["ffm-to-uws"]);
  // the admin's own calls (page.request would share the browser's cookie)
  const token = await adminToken(request);
  const setChat = async (developerChat: string) => {
    const res = await request.put("/api/settings", {
      headers: { authorization: `Bearer ${token}` },
      data: { developerChat },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  await setChat("+201000000001");
  await page.reload();
  const footer = page.getByRole("contentinfo");
  const chat = footer.getByRole("link", { name: "Chat with the developer" });
  await expect(chat).toHaveAttribute(
    "href",
    "https://wa.me/201000000001?text=" +
      encodeURIComponent("Hello, this is Station Agent (SHL1) from the Staff Portal."),
  );
  await expect(footer).toContainText("developed by Ground Operations IT");

  await setChat("");
  await page.reload();
  await expect(footer).toContainText("developed by Ground Operations IT");
  await expect(chat).toHaveCount(0);
});

test("Home warns a week before the password expires and leads to the profile's change", async ({ page }) => {
  await userWithApps(page, "SHL2", ["ffm-to-uws"]);
  // just changed: 90 days left, no banner
  await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible();
  await expect(page.getByText(/Your password expires/)).toHaveCount(0);

  // 85 days later (the device's clock): 5 days left
  await page.clock.install({ time: new Date(Date.now() + 85 * DAY) });
  await page.reload();
  const banner = page.getByRole("status").filter({ hasText: "Your password expires" });
  await expect(banner).toContainText("Your password expires in 5 days");
  await banner.getByRole("link", { name: "Change Password" }).click();
  await expect(page).toHaveURL(/\/profile/);
  await expect(page.getByRole("form", { name: "Change Password" }).getByLabel("Current password"))
    .toBeFocused();
});

test("the profile states the password rule under New password, and Cancel drops a refused edit's error", async ({ page }) => {
  await userWithApps(page, "SHL3", ["ffm-to-uws"]);
  await page.getByRole("link", { name: "Profile" }).click();
  const change = page.getByRole("form", { name: "Change Password" });
  const next = change.getByLabel("New password", { exact: true });
  const rule = change.getByText(/at least \d+ characters/);
  await expect(next).toHaveAccessibleDescription(/at least \d+ characters/);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    const input = (await next.boundingBox())!;
    const hint = (await rule.boundingBox())!;
    const current = (await change.getByLabel("Current password").boundingBox())!;
    const confirm = (await change.getByLabel("Confirm new password").boundingBox())!;
    // in New password's column, between it and what follows it
    expect(Math.abs(hint.x - input.x), `at ${width} px`).toBeLessThan(2);
    expect(hint.y, `at ${width} px`).toBeGreaterThanOrEqual(input.y + input.height);
    expect(hint.y, `at ${width} px`).toBeLessThan(confirm.y);
    expect(hint.y, `at ${width} px`).toBeGreaterThan(current.y + current.height);
  }

  const details = page.getByRole("form", { name: "Profile" });
  await details.getByRole("button", { name: "Edit" }).click();
  await details.getByLabel("Email").fill("not-an-email");
  await details.getByRole("button", { name: "Save" }).click();
  const status = page.getByRole("status").first();
  await expect(status).toHaveText("Invalid email format");
  await details.getByRole("button", { name: "Cancel" }).click();
  await expect(status).toHaveText("");
  await expect(details.getByLabel("Email")).toBeDisabled();
  await expect(details.getByLabel("Email")).toHaveValue("");
});

test("a sign-in request panel cannot be sent again while it closes", async ({ page, request }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Forgot Password?" }).click();
  const panel = page.getByRole("form", { name: "Forgot Password?" });
  await panel.getByLabel("Employee code").fill("shl1");
  const send = panel.getByRole("button", { name: "Send request" });
  await send.click();
  await expect(panel.getByRole("status")).toHaveText(
    "Password reset request sent! An administrator will reset your password shortly.",
  );
  await expect(send).toBeDisabled();
  // Enter in the field does not send it either
  await panel.getByLabel("Employee code").press("Enter");
  await expect(panel).toBeHidden({ timeout: 5000 });

  const token = await adminToken(request);
  const queue = await request.get("/api/users/password-reset-requests", {
    headers: { authorization: `Bearer ${token}` },
  });
  const pending = (await queue.json()).data.requests as { employeeCode: string }[];
  expect(pending.filter((r) => r.employeeCode === "SHL1")).toHaveLength(1);
  // the queues are shared with the other suites: the request goes again
  const gone = await request.delete("/api/users/requests/password-reset/SHL1", {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(gone.status()).toBe(200);
});
