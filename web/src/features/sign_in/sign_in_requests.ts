// The sign-in page's three requests (password reset, activation, new account): which panel is
// open, its values, the call and the texts of its answer. The form's rules are the server's own
// schemas (api/rules/user_schemas.ts).

import { create } from "zustand";
import { activationBody, registrationBody, resetBody } from "../../../../api/rules/user_schemas.ts";
import { firstIssue } from "../../../../api/rules/issues.ts";
import { api, failureMessage, unwrap } from "../../lib/api/client.ts";
import { SHELL_LOGIN } from "./texts/shell_login.ts";
import { text } from "../../i18n/i18n.ts";
import { type ServerMessage, serverText } from "../../i18n/server_text.ts";

/** A request the sign-in page sends. */
export type RequestKind = "reset" | "activation" | "registration";

/** A line under a request form: sent, or why not. */
export interface RequestMessage {
  ok: boolean;
  text: string;
}

const trimmed = (values: Record<string, string>) => (k: string) => (values[k] ?? "").trim();

/** The body each request panel sends: its own fields, trimmed. */
const BODY = {
  reset: (values: Record<string, string>) => ({ employeeCode: trimmed(values)("employeeCode") }),
  activation: (values: Record<string, string>) => {
    const v = trimmed(values);
    return { employeeCode: v("employeeCode"), reason: v("reason") };
  },
  registration: (values: Record<string, string>) => {
    const v = trimmed(values);
    return {
      employeeCode: v("employeeCode"),
      firstName: v("firstName"),
      middleName: v("middleName"),
      lastName: v("lastName"),
      email: v("email"),
      phone: v("phone"),
      jobTitle: v("jobTitle"),
      position: v("position"),
      station: v("station"),
      department: v("department"),
      gender: v("gender") === "Female" ? "Female" as const : "Male" as const,
      reason: v("reason"),
    };
  },
};

const SCHEMA = { reset: resetBody, activation: activationBody, registration: registrationBody };

/** The first failing rule of a request form (its code, values and text), or null: the server's
 * own schema, with the spec's texts in the spec's order. */
export function requestProblem(kind: RequestKind, v: Record<string, string>): ServerMessage | null {
  return firstIssue(SCHEMA[kind], BODY[kind](v));
}

/** Sends one request, stamped now; resolves to the server's confirmation text. */
function post(kind: RequestKind, values: Record<string, string>): Promise<ServerMessage> {
  const requestedAt = new Date().toISOString();
  const users = api.api.users;
  if (kind === "reset") {
    return unwrap(
      users["password-reset-request"].$post({ json: { ...BODY.reset(values), requestedAt } }),
    );
  }
  if (kind === "activation") {
    return unwrap(
      users["activation-request"].$post({ json: { ...BODY.activation(values), requestedAt } }),
    );
  }
  return unwrap(
    users["registration-request"].$post({ json: { ...BODY.registration(values), requestedAt } }),
  );
}

const NEW_VALUES: Record<string, string> = { gender: "Male" };

// each opening of a panel: an answer that comes after the panel was closed or opened again is
// not shown in the new one
let opening = 0;

/** The request panels' state and actions. */
export interface SignInRequestsState {
  /** The open panel (one at a time), or null. */
  panel: RequestKind | null;
  values: Record<string, string>;
  message: RequestMessage | null;
  busy: boolean;
  /** Opens a panel empty, or closes it when it is the open one. */
  toggle(kind: RequestKind): void;
  close(): void;
  /** Sets one field of the open form. */
  edit(name: string, value: string): void;
  /** Checks and sends the open form; a sent request is not sent twice. Its line is in the
   * language shown. */
  send(): Promise<void>;
}

/** The sign-in page's request panels. */
export const useSignInRequests = create<SignInRequestsState>()((set, get) => ({
  panel: null,
  values: NEW_VALUES,
  message: null,
  busy: false,
  toggle(kind) {
    if (get().panel === kind) return get().close();
    opening++;
    set({ panel: kind, values: NEW_VALUES, message: null, busy: false });
  },
  close() {
    opening++;
    set({ panel: null, values: NEW_VALUES, message: null, busy: false });
  },
  edit(name, value) {
    set({ values: { ...get().values, [name]: value } });
  },
  async send() {
    const { panel, values, busy, message } = get();
    if (panel === null || busy || message?.ok === true) return;
    const problem = requestProblem(panel, values);
    if (problem !== null) return set({ message: { ok: false, text: serverText(problem) } });
    const sending = opening;
    set({ busy: true });
    let answer: RequestMessage;
    try {
      answer = { ok: true, text: serverText(await post(panel, values)) };
    } catch (err) {
      answer = {
        ok: false,
        text: serverText(failureMessage(err, text(SHELL_LOGIN, "sendFailed"))),
      };
    }
    if (sending === opening) set({ message: answer, busy: false });
  },
}));
