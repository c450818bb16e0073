// The CSV page's flow: the spec's messages before and after a check, the multipart save with its
// counts, a refused save with its rows, and the results download.

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { answer } from "../test_support/fetch.ts";
import { useCsvImport } from "./csv_import.ts";
import { TEMPLATE_CSV } from "../admin/csv_users.ts";

let sent: { url: string; body: BodyInit | null | undefined }[] = [];

beforeEach(() => {
  sent = [];
  useCsvImport.getState().reset();
});
afterEach(() => vi.unstubAllGlobals());

function serve(respond: () => Promise<Response>) {
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      sent.push({ url: String(input), body: init?.body });
      return respond();
    }),
  );
}

describe("CSV import store", () => {
  it("asks for content, then checks it", () => {
    const store = useCsvImport.getState();
    store.runImport();
    expect(useCsvImport.getState().status).toEqual({
      ok: false,
      text: "Please upload a CSV file or paste CSV content",
    });
    store.setText("code,name,email,station\n");
    useCsvImport.getState().runImport();
    expect(useCsvImport.getState().check?.errors).toEqual([
      "CSV must have at least a header row and one data row",
    ]);
    expect(useCsvImport.getState().status?.text).toBe("1 error found: nothing can be saved");
    store.setText(TEMPLATE_CSV);
    expect(useCsvImport.getState().check).toBeNull(); // editing drops the old preview
    useCsvImport.getState().runImport();
    expect(useCsvImport.getState().check?.users).toHaveLength(2);
    expect(useCsvImport.getState().status).toEqual({ ok: true, text: "2 users ready to save" });
  });

  it("refuses to save or download without a clean check", async () => {
    await useCsvImport.getState().save();
    expect(useCsvImport.getState().status?.text).toBe("No valid import data to save");
    expect(useCsvImport.getState().resultsFile()).toBeNull();
    expect(useCsvImport.getState().status?.text).toBe("No import results to download");
    useCsvImport.getState().setText("code,name,email,station\nA1,Ali,bad,CAI\n");
    useCsvImport.getState().runImport();
    await useCsvImport.getState().save();
    expect(useCsvImport.getState().status?.text).toBe("No valid import data to save");
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
          message: "Import completed: 1 created, 1 updated, 0 errors",
        },
      })
    );
    const file = new File([TEMPLATE_CSV], "staff.csv", { type: "text/csv" });
    await useCsvImport.getState().loadFile(file);
    expect(useCsvImport.getState().fileName).toBe("staff.csv");
    useCsvImport.getState().runImport();
    const saving = useCsvImport.getState().save();
    expect(useCsvImport.getState().saving).toBe(2);
    await saving;
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toMatch(/\/api\/users\/import$/);
    const form = sent[0].body as FormData;
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
        message: "Import blocked: 1 error; nothing was saved",
        errors: ["Row 2: Email ahmed.hassan@example.com is already used by X9"],
        warnings: [],
      })
    );
    useCsvImport.getState().setText(TEMPLATE_CSV);
    useCsvImport.getState().runImport();
    await useCsvImport.getState().save();
    const state = useCsvImport.getState();
    expect(state.status).toEqual({
      ok: false,
      text: "Error saving users to database: Import blocked: 1 error; nothing was saved",
    });
    expect(state.refused).toEqual([
      "Row 2: Email ahmed.hassan@example.com is already used by X9",
    ]);
    expect(state.saved).toBeNull();
  });

  it("names a lost connection", async () => {
    serve(() => Promise.reject(new TypeError("Failed to fetch")));
    useCsvImport.getState().setText(TEMPLATE_CSV);
    useCsvImport.getState().runImport();
    await useCsvImport.getState().save();
    expect(useCsvImport.getState().status?.text).toBe(
      "Error saving users to database: Network error",
    );
  });

  it("gives the results file of a clean check", () => {
    useCsvImport.getState().setText(TEMPLATE_CSV);
    useCsvImport.getState().runImport();
    const file = useCsvImport.getState().resultsFile(new Date(2026, 4, 12));
    expect(file?.name).toBe("imported_users_2026-05-12.csv");
    expect(file?.content).toContain("E1002,Mona Adel,mona.adel@example.com,HBE");
  });
});
