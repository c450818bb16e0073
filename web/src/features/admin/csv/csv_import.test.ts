// The CSV page's flow: the spec's messages before and after a check, the station scope and the
// server's dry run in the preview (so it refuses what the save would), a file still being read
// when Import Users is clicked, the multipart save with its outcome, a refused save with its rows,
// and the results download.

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { answer } from "../../../test_support/fetch.ts";
import { sessionOf } from "../../../test_support/session.ts";
import { useCsvImport } from "./csv_import.ts";
import { useSession } from "../../shell/session.ts";
import { TEMPLATE_CSV } from "./csv_users.ts";

let sent: { url: string; body: BodyInit | null | undefined }[] = [];

/** A station admin of CAI (the template's second row is HBE, outside it). */
const STATION_ADMIN = sessionOf("A1", "admin", { canManageUsers: true, canAccessAdminApps: true });
const SUPER = sessionOf("S1", "super_admin");
const CAI_ONLY = "code,name,email,station\r\nC1,Cai One,c1@example.com,CAI\r\n";

/** A dry run that agrees with the file: `created` new users. */
const clean = (created: number) =>
  answer(200, {
    success: true,
    data: {
      dryRun: true,
      errors: [],
      warnings: [],
      created,
      updated: 0,
      code: "import:ready",
      params: { created, updated: 0 },
      message: `Ready to save: ${created} to create, 0 to update`,
    },
  });

/** The dry run's error of an email another account holds. */
const TAKEN = {
  row: 2,
  code: "users:email_taken",
  params: { email: "c1@example.com" },
  message: "Row 2: Email c1@example.com is already used by another account",
};

/** The save's error of an email a visible account holds. */
const USED_BY_X9 = {
  row: 2,
  code: "import:email_used",
  params: { email: "ahmed.hassan@example.com", owner: "X9" },
  message: "Row 2: Email ahmed.hassan@example.com is already used by X9",
};

beforeEach(() => {
  sent = [];
  useCsvImport.getState().reset();
  useSession.setState({ user: SUPER });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
});

/** Stubs fetch: the dry runs get `dryRun`'s answer, the saves `save`'s. */
function serve(save: () => Promise<Response>, dryRun: () => Promise<Response> = () => clean(2)) {
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      sent.push({ url, body: init?.body });
      return url.includes("dryRun=true") ? dryRun() : save();
    }),
  );
}

const saves = () => sent.filter((s) => !s.url.includes("dryRun"));

describe("CSV import store", () => {
  it("asks for content, then checks it with the rules and the dry run", async () => {
    serve(() => Promise.reject(new Error("no save here")));
    const store = useCsvImport.getState();
    await store.runImport();
    expect(useCsvImport.getState().status).toEqual({
      ok: false,
      text: "Please upload a CSV file or paste CSV content",
    });
    store.setText("code,name,email,station\n");
    await useCsvImport.getState().runImport();
    expect(useCsvImport.getState().check?.errors).toEqual([{
      code: "import:header_only",
      params: {},
      message: "CSV must have at least a header row and one data row",
    }]);
    expect(useCsvImport.getState().status?.text).toBe("Errors found: nothing can be saved");
    expect(sent).toEqual([]); // the rules refused it: no need to ask the server
    store.setText(TEMPLATE_CSV);
    expect(useCsvImport.getState().check).toBeNull(); // editing drops the old preview
    await useCsvImport.getState().runImport();
    expect(sent.map((s) => new URL(s.url).search)).toEqual(["?dryRun=true"]);
    expect(useCsvImport.getState().check?.users).toHaveLength(2);
    expect(useCsvImport.getState()).toMatchObject({
      serverChecked: true,
      checking: false,
      status: { ok: true, text: "Ready to save: 2 to create, 0 to update" },
    });
  });

  it("refuses in the preview a row outside the admin's station, as the save would", async () => {
    serve(() => Promise.reject(new Error("no save here")));
    useSession.setState({ user: STATION_ADMIN });
    useCsvImport.getState().setText(TEMPLATE_CSV);
    await useCsvImport.getState().runImport();
    const { check, status } = useCsvImport.getState();
    expect(check?.errors).toEqual([{
      row: 3,
      code: "import:outside_station",
      params: { station: "HBE", own: "CAI" },
      message: "Row 3: Station HBE is outside your station (CAI)",
    }]);
    expect(check?.users).toEqual([]);
    expect(status).toEqual({ ok: false, text: "Errors found: nothing can be saved" });
    await useCsvImport.getState().save();
    expect(saves()).toEqual([]);
  });

  it("shows the dry run's errors (accounts and emails that exist) in the preview", async () => {
    serve(
      () => Promise.reject(new Error("no save here")),
      () =>
        answer(200, {
          success: true,
          data: {
            dryRun: true,
            errors: [TAKEN],
            warnings: [],
            created: 0,
            updated: 0,
            code: "import:blocked_preview_one",
            params: { n: 1 },
            message: "Import blocked: 1 error; nothing can be saved",
          },
        }),
    );
    useCsvImport.getState().setText(CAI_ONLY);
    await useCsvImport.getState().runImport();
    expect(useCsvImport.getState().check).toEqual({
      users: [],
      errors: [TAKEN],
      warnings: [],
    });
    await useCsvImport.getState().save();
    expect(useCsvImport.getState().status?.text).toBe("No valid import data to save");
    expect(saves()).toEqual([]);
  });

  it("says when the dry run could not be asked, and leaves the save to check again", async () => {
    serve(() => Promise.reject(new TypeError("offline")), () => Promise.reject(new TypeError("x")));
    useCsvImport.getState().setText(CAI_ONLY);
    await useCsvImport.getState().runImport();
    expect(useCsvImport.getState()).toMatchObject({
      serverChecked: false,
      status: {
        ok: false,
        text:
          "The database could not be asked (Network error): Save to Database checks every row again",
      },
    });
    expect(useCsvImport.getState().check?.users).toHaveLength(1);
  });

  it("imports on the first click while the chosen file is still being read", async () => {
    serve(() => Promise.reject(new Error("no save here")), () => clean(1));
    let finish: (text: string) => void = () => {};
    const file = new File([CAI_ONLY], "staff.csv", { type: "text/csv" });
    // a file whose reading has not finished when Import Users is clicked
    vi.spyOn(file, "text").mockReturnValue(new Promise((r) => (finish = r)));
    void useCsvImport.getState().loadFile(file);
    const clicked = useCsvImport.getState().runImport();
    finish(CAI_ONLY);
    await clicked;
    expect(useCsvImport.getState()).toMatchObject({
      fileName: "staff.csv",
      status: { ok: true, text: "Ready to save: 1 to create, 0 to update" },
    });
    expect(useCsvImport.getState().check?.users.map((u) => u.employeeCode)).toEqual(["C1"]);
  });

  it("saves the checked file as multipart and reports the server's counts", async () => {
    serve(() =>
      answer(200, {
        success: true,
        data: {
          created: 1,
          updated: 1,
          failed: [],
          warnings: [],
          code: "import:completed",
          params: { created: 1, updated: 1 },
          message: "Import completed: 1 created, 1 updated, 0 errors",
        },
      })
    );
    const file = new File([TEMPLATE_CSV], "staff.csv", { type: "text/csv" });
    await useCsvImport.getState().loadFile(file);
    expect(useCsvImport.getState().fileName).toBe("staff.csv");
    await useCsvImport.getState().runImport();
    const saving = useCsvImport.getState().save();
    expect(useCsvImport.getState().saving).toBe(2);
    await saving;
    expect(saves()).toHaveLength(1);
    // no account of the file exists: nothing to choose, the spec's overwrite
    expect(saves()[0].url).toMatch(/\/api\/users\/import\?existing=overwrite$/);
    const form = saves()[0].body as FormData;
    const upload = form.get("file") as File;
    expect(upload.name).toBe("staff.csv");
    expect(await upload.text()).toBe(TEMPLATE_CSV);
    const state = useCsvImport.getState();
    expect(state.saving).toBe(0);
    expect(state.saved).toMatchObject({ created: 1, updated: 1, failed: [] });
    expect(state.status).toEqual({
      ok: true,
      text: "Import completed: 1 created, 1 updated, 0 errors",
    });
  });

  it("keeps the rows of a save the server refused, and says why", async () => {
    serve(() =>
      answer(400, {
        success: false,
        code: "import:blocked_one",
        params: { n: 1 },
        message: "Import blocked: 1 error; nothing was saved",
        errors: [USED_BY_X9],
        warnings: [],
      })
    );
    useCsvImport.getState().setText(TEMPLATE_CSV);
    await useCsvImport.getState().runImport();
    await useCsvImport.getState().save();
    const state = useCsvImport.getState();
    expect(state.status).toEqual({
      ok: false,
      text: "Error saving users to database: Import blocked: 1 error; nothing was saved",
    });
    expect(state.refused).toEqual([USED_BY_X9]);
    expect(state.saved).toBeNull();
  });

  it("names a lost connection", async () => {
    serve(() => Promise.reject(new TypeError("Failed to fetch")));
    useCsvImport.getState().setText(TEMPLATE_CSV);
    await useCsvImport.getState().runImport();
    await useCsvImport.getState().save();
    expect(useCsvImport.getState().status?.text).toBe(
      "Error saving users to database: Network error",
    );
  });

  it("refuses to save or download without a clean check", async () => {
    serve(() => Promise.reject(new Error("no save here")));
    await useCsvImport.getState().save();
    expect(useCsvImport.getState().status?.text).toBe("No valid import data to save");
    expect(useCsvImport.getState().resultsFile()).toBeNull();
    expect(useCsvImport.getState().status?.text).toBe("No import results to download");
    useCsvImport.getState().setText("code,name,email,station\nA1,Ali,bad,CAI\n");
    await useCsvImport.getState().runImport();
    await useCsvImport.getState().save();
    expect(useCsvImport.getState().status?.text).toBe("No valid import data to save");
    expect(saves()).toEqual([]);
  });

  it("gives the results file of a clean check", async () => {
    serve(() => Promise.reject(new Error("no save here")));
    useCsvImport.getState().setText(TEMPLATE_CSV);
    await useCsvImport.getState().runImport();
    const file = useCsvImport.getState().resultsFile(new Date(2026, 4, 12));
    expect(file?.name).toBe("imported_users_2026-05-12.csv");
    expect(file?.content).toContain("E1002,Mona Adel,mona.adel@example.com,HBE");
  });

  it("names the rows of existing accounts, and saves only once the admin chose (issue 52 item 7)", async () => {
    const existing = [{
      row: 2,
      employeeCode: "C1",
      changes: [{ field: "email", from: "old@example.com", to: "c1@example.com" }],
    }];
    serve(
      () =>
        answer(200, {
          success: true,
          data: {
            created: 0,
            updated: 0,
            skipped: 1,
            failed: [],
            warnings: [],
            code: "import:completed_skipped",
            params: { created: 0, skipped: 1 },
            message: "Import completed: 0 created, 1 existing accounts skipped, 0 errors",
          },
        }),
      () =>
        answer(200, {
          success: true,
          data: {
            dryRun: true,
            errors: [],
            warnings: [],
            created: 0,
            updated: 1,
            existing,
            code: "import:ready",
            params: { created: 0, updated: 1 },
            message: "Ready to save: 0 to create, 1 to update",
          },
        }),
    );
    useCsvImport.getState().setText(CAI_ONLY);
    await useCsvImport.getState().runImport();
    expect(useCsvImport.getState().existing).toEqual(existing);
    await useCsvImport.getState().save();
    expect(saves()).toHaveLength(0);
    expect(useCsvImport.getState().status).toEqual({
      ok: false,
      text: "Choose whether to overwrite or skip the accounts that exist, then save",
    });
    useCsvImport.getState().chooseExisting("skip");
    await useCsvImport.getState().save();
    expect(saves()).toHaveLength(1);
    expect(saves()[0].url).toMatch(/\?existing=skip$/);
    expect(useCsvImport.getState().saved?.skipped).toBe(1);
    // an edit drops the rows and the choice with the check
    useCsvImport.getState().setText(CAI_ONLY + "\r\n");
    expect(useCsvImport.getState().existing).toEqual([]);
    expect(useCsvImport.getState().existingChoice).toBeNull();
  });
});
