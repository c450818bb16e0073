// The screenshot tool's data, made through the API before any screen is taken: the same accounts,
// requests and pastes in every run, so that two runs on the same code show the same screens.

import { readFileSync } from "node:fs";
import { type APIRequestContext, expect } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { adminToken, SAMPLES, USER_PASSWORD } from "../support.ts";
import { SCREENS_NOW } from "./screens.config.ts";

/** The password every account of the tool is created with (each must change it once). */
export const FIRST_PASSWORD = "Screens-first-pass-1";

/** The staff user: converter and extractor. */
export const STAFF = "SCRUSER";
/** The super admin who looks at the admin screens. */
export const ADMIN = "SCRADM";
/** An account still on its first password: the forced password change. */
export const NEW_USER = "SCRNEW";
/** An account with an authenticator app: the second step of the sign-in. */
export const TWO_FACTOR = "SCR2FA";
/** A user with the extractor alone: a converter's access denied. */
export const EXTRACTOR_ONLY = "SCR103";
/** The account whose page the admin screens show. */
export const SHOWN = "SCR101";

/** The accounts, as the create form takes them; `ready` ones have made their password change. */
const ACCOUNTS: { ready: boolean; body: Record<string, unknown> }[] = [
  {
    ready: true,
    body: person(STAFF, "Layla", "Hassan", "CAI", "user", ["ffm-to-uws", "uld-extractor"]),
  },
  {
    ready: true,
    body: person(ADMIN, "Karim", "Nabil", "CAI", "super_admin", ["ffm-to-uws", "uld-extractor"]),
  },
  { ready: false, body: person(NEW_USER, "Sara", "Fathy", "CAI", "user", ["ffm-to-uws"]) },
  {
    ready: true,
    body: {
      ...person(SHOWN, "Ahmed", "Samir", "JED", "admin", ["ffm-to-uws"]),
      email: "ahmed.samir@example.com",
      department: "Cargo",
      phone: "+201001234567",
    },
  },
  {
    ready: false,
    body: { ...person("SCR102", "Mona", "Adel", "HBE", "user", []), isActive: false },
  },
  {
    ready: true,
    body: {
      ...person(EXTRACTOR_ONLY, "Omar", "Zaki", "CAI", "user", ["uld-extractor"]),
      passwordExpiryDays: 30,
    },
  },
  { ready: true, body: person(TWO_FACTOR, "Dina", "Saleh", "CAI", "user", ["ffm-to-uws"]) },
  { ready: true, body: person("SCR104", "Hana", "Mostafa", "LXR", "user", ["ffm-to-uws"]) },
  { ready: true, body: person("SCR105", "Youssef", "Ali", "SSH", "admin", ["uld-extractor"]) },
];

function person(
  employeeCode: string,
  firstName: string,
  lastName: string,
  station: string,
  role: string,
  accessibleApps: string[],
): Record<string, unknown> {
  return { employeeCode, firstName, lastName, station, role, accessibleApps };
}

/** Signs in through the API; answers the bearer token. */
async function tokenOf(api: APIRequestContext, code: string, password: string): Promise<string> {
  const login = await api.post("/api/auth/login", { data: { employeeCode: code, password } });
  expect(login.status(), await login.text()).toBe(200);
  return (await login.json()).data.token as string;
}

/** Makes an account's forced change to USER_PASSWORD through the API, then ends that session. */
async function changeFirstPassword(api: APIRequestContext, code: string): Promise<void> {
  const headers = { authorization: `Bearer ${await tokenOf(api, code, FIRST_PASSWORD)}` };
  const changed = await api.post("/api/users/change-password", {
    headers,
    data: { employeeCode: code, currentPassword: FIRST_PASSWORD, newPassword: USER_PASSWORD },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  await api.post("/api/auth/logout", { headers });
}

/** Every account and one request of each kind (activation, password reset, registration). */
export async function makeData(api: APIRequestContext): Promise<void> {
  const headers = { authorization: `Bearer ${await adminToken(api)}` };
  for (const account of ACCOUNTS) {
    const made = await api.post("/api/users", {
      headers,
      data: { ...account.body, password: FIRST_PASSWORD },
    });
    expect(made.status(), await made.text()).toBe(201);
    if (account.ready) await changeFirstPassword(api, account.body.employeeCode as string);
  }
  await enrolTotp(api, TWO_FACTOR);
  const requests: [string, Record<string, unknown>][] = [
    ["activation-request", { employeeCode: "SCR102", reason: "Back from leave" }],
    ["password-reset-request", { employeeCode: "SCR104" }],
    ["registration-request", {
      employeeCode: "SCR201",
      firstName: "Nadia",
      lastName: "Farouk",
      middleName: "",
      phone: "0100 555",
      jobTitle: "Agent",
      position: "Ramp",
      station: "CAI",
      department: "Cargo",
      email: "nadia.farouk@example.com",
      gender: "Female",
      reason: "New hire",
    }],
  ];
  for (const [path, data] of requests) {
    const sent = await api.post(`/api/users/${path}`, { data });
    expect(sent.status(), await sent.text()).toBe(200);
  }
}

/** Enrols an authenticator app for an account through the API; its code is computed at the
 * server's fixed time (SCREENS_NOW). */
async function enrolTotp(api: APIRequestContext, code: string): Promise<void> {
  const headers = { authorization: `Bearer ${await tokenOf(api, code, USER_PASSWORD)}` };
  const started = await api.post("/api/auth/two-factor/totp", {
    headers,
    data: { password: USER_PASSWORD },
  });
  expect(started.status(), await started.text()).toBe(200);
  const secret = (await started.json()).data.secret as string;
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: 30,
  });
  const confirmed = await api.post("/api/auth/two-factor/totp/confirm", {
    headers,
    data: { code: totp.generate({ timestamp: SCREENS_NOW }) },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await api.post("/api/auth/logout", { headers });
}

/** Sets an account's language and theme through the API (the next page load shows them). */
export async function setDisplay(
  api: APIRequestContext,
  code: string,
  display: { language: "en" | "ar"; theme: "light" | "dark" },
): Promise<void> {
  const headers = { authorization: `Bearer ${await tokenOf(api, code, USER_PASSWORD)}` };
  const put = await api.put("/api/auth/preferences", { headers, data: display });
  expect(put.status(), await put.text()).toBe(200);
  await api.post("/api/auth/logout", { headers });
}

/** A shared sample message. */
export const sample = (name: string): string => readFileSync(new URL(name, SAMPLES), "utf8");

/** A CSV import with a warning (no job title) and an error (no email). */
export const CSV = [
  "Employee Code,Full Name,Email,Station,Job Title",
  "SCR301,Rania Kamal,rania.kamal@example.com,CAI,Agent",
  "SCR302,Tarek Fouad,tarek.fouad@example.com,LXR,",
  "SCR303,Amal Hosny,,HRG,Agent",
].join("\n");

/** Flight AC857/23 (engine/test_support/flight_ac857.ts, copied so that the tool imports no
 * engine module that a restructuring may move): FFM, 64-column NOTOC, CPM and UCM. */
export function flightPaste(): string {
  const cpm = [
    "CPM",
    "AC857/23.CFIVQ.YYZ",
    "-11L/DVA1234AC/YYZ/584/C.RFG",
    "-22R/DVA2345AC/YYZ/475/C.MAG",
    "-13L/DVA3456AC/YYZ/378/C",
    "-51/N",
    "SI",
  ];
  const ucm = [
    "UCM",
    "AC857/23.CFIVQ.LHR",
    "OUT",
    ".DVA1234AC/YYZ.DVA2345AC/YYZ.DVA3456AC/YYZ",
    "SI",
  ];
  // DVA2345AC moved to 22R on the CPM: the check has a finding to show
  return [sample("ffm-03.txt"), sample("ntm-01-notoc-64col.txt"), cpm.join("\n"), ucm.join("\n")]
    .join("\n");
}
