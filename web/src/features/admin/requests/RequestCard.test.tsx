// A request card offers only what the access rules let the signed-in admin do (issue 48): nothing
// on a request about an account that holds more than the admin, and only Reject and Delete on an
// activation request about an account that is already active, with a line that says so.

import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { RequestAccount, RequestRecord } from "../../../../../api/store/records.ts";
import { sessionOf } from "../../../test_support/session.ts";
import { renderRouted } from "../../../test_support/router.tsx";
import { requestRecord } from "../../../test_support/fetch.ts";
import { RequestCard } from "./RequestCard.tsx";
import type { RequestsQueueProps } from "./queue_props.ts";

/** An account of CAI as the queue answers it. */
const accountOf = (patch: Partial<RequestAccount> = {}): RequestAccount => ({
  role: "user",
  station: "CAI",
  isActive: false,
  canManageUsers: false,
  canAccessAdminApps: false,
  canExtendPasswords: false,
  canViewAllStations: false,
  ...patch,
});

/** An admin of CAI who manages users and extends passwords, not of all stations. */
const narrowed = sessionOf("N1", "admin", {
  canManageUsers: true,
  canAccessAdminApps: true,
  canExtendPasswords: true,
});

const queue = {
  kind: "activation",
  title: "Activation Requests",
  what: "activation",
  emptyTitle: "",
  emptyText: "",
  actions: () => [{ label: "90 days", run: () => {} }],
} as unknown as RequestsQueueProps;

async function show(request: RequestRecord, actor = narrowed) {
  await renderRouted(<RequestCard request={request} queue={queue} actor={actor} ask={() => {}} />);
}

const buttons = () =>
  screen.queryAllByRole("button").map((b) => b.textContent).filter((t) => !t?.includes("back"));

afterEach(cleanup);

describe("a request card", () => {
  it("offers approving, rejecting and deleting a request about an inactive user", async () => {
    await show({ ...requestRecord("U1"), account: accountOf() });
    expect(buttons()).toEqual(["90 days", "Reject", "Delete"]);
  });

  it("offers nothing on a request about an admin who sees all stations", async () => {
    const account = accountOf({ role: "admin", canManageUsers: true, canViewAllStations: true });
    await show({ ...requestRecord("W1"), account });
    expect(buttons()).toEqual([]);
    expect(screen.getByText(/holds a role or permission you do not have/)).toBeTruthy();
    // a super admin may act on it
    cleanup();
    await show({ ...requestRecord("W1"), account }, sessionOf("S1", "super_admin"));
    expect(buttons()).toEqual(["90 days", "Reject", "Delete"]);
  });

  it("says an account is already active and offers only Reject and Delete", async () => {
    await show({ ...requestRecord("U2"), account: accountOf({ isActive: true }) });
    expect(buttons()).toEqual(["Reject", "Delete"]);
    expect(screen.getByText(/already active/)).toBeTruthy();
  });
});
