// The CSV import rules as the page runs them (the spec's messages and aliases), the template and
// the results download.

import { describe, expect, it } from "vitest";
import { sessionOf } from "../../../test_support/session.ts";
import type { ImportMessage } from "../../../../../api/rules/user_import.ts";
import { checkUsersCsv, COLUMNS, resultsCsv, resultsFileName, TEMPLATE_CSV } from "./csv_users.ts";

const HEADER = "Employee Code,Full Name,Email,Station,Job Title,Gender";

/** A super admin of CAI, who may import any station; the station admin sees CAI only. */
const SUPER = sessionOf("S1", "super_admin");
const STATION_ADMIN = sessionOf("A1", "admin", { canManageUsers: true, canAccessAdminApps: true });
const checkAs = (text: string) => checkUsersCsv(text, SUPER);
/** The English texts of an import's messages (each carries its code too: see the last test). */
const texts = (messages: readonly ImportMessage[]) => messages.map((m) => m.message);

describe("the spec's import rules", () => {
  it("reads the template: two users, a quoted comma kept, gender and defaults", () => {
    const check = checkAs(TEMPLATE_CSV);
    expect(check.errors).toEqual([]);
    expect(check.warnings).toEqual([]);
    expect(check.users.map((u) => u.employeeCode)).toEqual(["E1001", "E1002"]);
    expect(check.users[1]).toMatchObject({
      fullName: "Mona Adel",
      firstName: "Mona",
      lastName: "Adel",
      station: "HBE",
      gender: "Female",
      department: "Cargo, Import",
      position: "",
      row: 3,
    });
    expect(TEMPLATE_CSV.split("\r\n")[0]).toBe(COLUMNS.join(","));
  });

  it("needs content, a header and a data row", () => {
    expect(texts(checkAs("").errors)).toEqual(["No data rows found in CSV"]);
    expect(texts(checkAs("\n\n").errors)).toEqual(["No data rows found in CSV"]);
    expect(texts(checkAs(`${HEADER}\n`).errors)).toEqual([
      "CSV must have at least a header row and one data row",
    ]);
  });

  it("counts the columns of every row against the header", () => {
    const check = checkAs(
      `${HEADER}\nA1,Ali Omar,ali@x.com,CAI,Agent,Male\nA2,Sara,s@x.com,CAI\n`,
    );
    expect(texts(check.errors)).toEqual(["Row 3: Column count mismatch. Expected 6, got 4"]);
    expect(check.users).toEqual([]);
  });

  it("names each missing required field by row", () => {
    const check = checkAs(`${HEADER}\n,,,,Agent,Male\n`);
    expect(texts(check.errors)).toEqual([
      "Row 2: Employee Code is required",
      "Row 2: Full Name is required",
      "Row 2: Email is required",
      "Row 2: Station is required",
    ]);
  });

  it("refuses a bad email and a gender other than Male or Female", () => {
    const check = checkAs(
      `${HEADER}\nA1,Ali Omar,ali.x.com,CAI,Agent,Male\nA2,Sara Ali,s@x.com,CAI,Agent,Other\n`,
    );
    expect(texts(check.errors)).toEqual([
      "Row 2: Invalid email format",
      "Row 3: Gender must be 'Male' or 'Female'",
    ]);
  });

  it("defaults the gender to Male and a missing job title to 'Employee' with a warning", () => {
    const check = checkAs(`${HEADER}\nA1,Ali Omar,ali@x.com,cai,,\n`);
    expect(check.errors).toEqual([]);
    expect(texts(check.warnings)).toEqual(["Row 2: Job Title is missing; 'Employee' is used"]);
    expect(check.users[0]).toMatchObject({ gender: "Male", jobTitle: "Employee", station: "CAI" });
  });

  it("blocks duplicate codes and emails inside one file, naming both rows", () => {
    // which of two rows should win is the administrator's choice, never a silent overwrite
    const check = checkAs(
      `${HEADER}\nA1,Ali Omar,ali@x.com,CAI,Agent,Male\na1,Ali Two,ALI@x.com,CAI,Agent,Male\n`,
    );
    expect(texts(check.errors)).toEqual([
      "Row 3: Employee code A1 is also in row 2",
      "Row 3: Email ALI@x.com is also in row 2",
    ]);
    expect(check.users).toEqual([]);
  });

  it("applies the create form's limits to every cell", () => {
    const name = "N".repeat(121);
    const check = checkAs(`${HEADER}\nA1,${name},a@x.com,CAIRO,${"T".repeat(81)},Male\n`);
    expect(texts(check.errors)).toEqual([
      "Row 2: Full Name has at most 120 characters",
      "Row 2: Station has at most 3 characters",
      "Row 2: Job Title has at most 80 characters",
    ]);
  });

  it("accepts the header aliases code, empcode, name, title, stn, phone and sex", () => {
    for (const code of ["code", "empcode"]) {
      const check = checkAs(
        `${code},name,email,stn,title,phone,sex\nb7,Huda Samir,h@x.com,lxr,Supervisor,0100,female\n`,
      );
      expect(check.errors).toEqual([]);
      expect(check.users[0]).toMatchObject({
        employeeCode: "B7",
        fullName: "Huda Samir",
        station: "LXR",
        jobTitle: "Supervisor",
        workPhone: "0100",
        gender: "Female",
      });
    }
  });

  it("keeps quoted commas, doubled quotes, CRLF and a byte order mark", () => {
    const check = checkAs(
      `\ufeff${HEADER},Department\r\nA1,"Omar, Jr.",a@x.com,CAI,"Agent ""Ramp""",Male,"Cargo, Export"\r\n`,
    );
    expect(check.errors).toEqual([]);
    expect(check.users[0]).toMatchObject({
      fullName: "Omar, Jr.",
      jobTitle: 'Agent "Ramp"',
      department: "Cargo, Export",
    });
  });

  it("reports an unclosed quote as a parsing error", () => {
    const check = checkAs(`${HEADER}\nA1,"Ali Omar,ali@x.com,CAI,Agent,Male\n`);
    expect(check.errors).toHaveLength(1);
    expect(check.errors[0].message).toMatch(/^CSV parsing error: /);
    expect(check.errors[0].code).toBe("import:quote_open");
  });

  it("blocks the whole import on any error, however many rows are good", () => {
    const rows = Array.from(
      { length: 50 },
      (_, i) => `U${i},User ${i},${i === 26 ? "broken" : `u${i}@x.com`},CAI,Agent,Male`,
    );
    const check = checkAs([HEADER, ...rows].join("\n"));
    expect(texts(check.errors)).toEqual(["Row 28: Invalid email format"]);
    expect(check.users).toEqual([]);
  });
});

describe("the results download", () => {
  it("writes the users in the template's columns and imports again as they were", () => {
    const first = checkAs(TEMPLATE_CSV).users;
    const csv = resultsCsv(first);
    expect(csv.startsWith(`\ufeff${COLUMNS.join(",")}\r\n`)).toBe(true);
    expect(csv).toContain('"Cargo, Import"');
    expect(checkAs(csv).users).toEqual(first);
  });

  it("writes a cell a spreadsheet would run as text, and reads it back as typed", () => {
    const check = checkAs(`${HEADER}\nA1,=HYPERLINK(1),a@x.com,CAI,+20 Agent,Male\n`);
    const csv = resultsCsv(check.users);
    expect(csv).toContain(",'=HYPERLINK(1),");
    expect(csv).toContain(",'+20 Agent,");
    expect(checkAs(csv).users).toEqual(check.users);
  });

  it("is named after the local date", () => {
    expect(resultsFileName(new Date(2026, 0, 5, 23, 59))).toBe("imported_users_2026-01-05.csv");
  });
});

describe("the importer's station scope, as the save applies it", () => {
  it("refuses a row outside a station admin's station in the preview, with its row", () => {
    const text =
      `${HEADER}\nA1X,Ali Omar,ali@x.com,CAI,Agent,Male\nA2X,Sara Adel,s@x.com,dxb,Agent,Female\n`;
    const check = checkUsersCsv(text, STATION_ADMIN);
    expect(texts(check.errors)).toEqual(["Row 3: Station DXB is outside your station (CAI)"]);
    expect(check.users).toEqual([]);
    // an admin who views all stations, and a super admin, may import it
    const wide = sessionOf("A2", "admin", { canManageUsers: true, canViewAllStations: true });
    expect(checkUsersCsv(text, wide).errors).toEqual([]);
    expect(checkAs(text).users.map((u) => u.station)).toEqual(["CAI", "DXB"]);
  });
});

describe("the import's messages by code", () => {
  it("carries each message's code and values, and a row's number apart from its text", () => {
    const check = checkAs(
      `${HEADER}
A1,,ali@x.com,CAI,Agent,Male
A1,Sara Ali,ali@x.com,CAI,Agent,Male
`,
    );
    expect(check.errors).toEqual([
      {
        row: 2,
        code: "import:full_name_required",
        params: {},
        message: "Row 2: Full Name is required",
      },
      {
        row: 3,
        code: "import:code_twice",
        params: { code: "A1", row: 2 },
        message: "Row 3: Employee code A1 is also in row 2",
      },
      {
        row: 3,
        code: "import:email_twice",
        params: { email: "ali@x.com", row: 2 },
        message: "Row 3: Email ali@x.com is also in row 2",
      },
    ]);
    expect(checkAs("Employee Code,Email\nA1,a@x.com\n").errors).toEqual([{
      code: "import:missing_columns",
      params: { columns: "Full Name, Station" },
      message: "Missing columns: Full Name, Station",
    }]);
  });
});
