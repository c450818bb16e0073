// The user list's export read as records: quoted cells with commas, quotes and breaks.

import { describe, expect, it } from "vitest";
import { csvRecords } from "./user_export.ts";

describe("user export", () => {
  it("reads quoted cells with commas, quotes and line breaks", () => {
    const csv = '\ufeffCode,Name\r\n"A,1","x\r\ny"\r\nB2,"say ""hi"""\r\n';
    expect(csvRecords(csv.slice(1))).toEqual(["Code,Name", '"A,1","x\r\ny"', 'B2,"say ""hi"""']);
  });
});
