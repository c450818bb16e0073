// The typed API client: the one place the web app calls the server from. The session token
// stays in the HttpOnly cookie; nothing here stores it. It imports no store: what a failed or an
// answered call means to the rest of the app (backend discovery, the forced password change, the
// required two-factor setup) is set by the app at start (main.tsx, configureClient).

import { hc } from "hono/client";
import type { AppType } from "../../../../api/app.ts";
import type { ServerMessage } from "../../i18n/server_text.ts";

const ORIGIN = globalThis.location?.origin ?? "http://localhost:8000";

/** The sign-out route: the one call that never waits for an owed sign-out (it is that call). */
const SIGN_OUT_PATH = "/api/auth/logout";

/** fetch, after what the app must send first (hooks.first): a sign-out owed to the server. */
function fetchAfterFirst(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input), ORIGIN);
  const first = url.pathname === SIGN_OUT_PATH ? null : hooks.first();
  return first === null ? fetch(input, init) : first.then(() => fetch(input, init));
}

/** The API at the origin that served the app. */
export const api = hc<AppType>(ORIGIN, { fetch: fetchAfterFirst });

/** A failed call: the server's message (or the spec's transport text) and the status (0 offline),
 * with the message's code and values when the server gave them (api/rules/messages.ts). */
export class ApiError extends Error implements ServerMessage {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly params?: Record<string, string | number>,
  ) {
    super(message);
  }
}

/** What the app does on the outcomes of calls that matter beyond the call itself. */
export interface ClientHooks {
  /** No answer at all (a network error): the app looks for its backend again (spec). */
  unreachable(): void;
  /** Any answer: the backend is there again. */
  answered(): void;
  /** The server refuses every call until the password is changed (design 5.3). */
  passwordChangeRequired(): void;
  /** The server refuses every call until a required second factor is set up (issue 26). */
  twoFactorSetupRequired(): void;
  /** What every call but the sign-out itself waits for, or null when nothing must go first: a
   * sign-out this device still owes the server is sent before anything else (issue 48). */
  first(): Promise<unknown> | null;
  /** The server ended the session as unused too long (ASVS 13): its message, for the sign-in. */
  sessionEnded(message: ServerMessage): void;
  /** The words of a call that failed without a message of the server's, in the language shown
   * (the app's catalogue; English until the app sets them). */
  words: {
    networkError(): string;
    invalidResponse(): string;
    httpStatus(status: number): string;
  };
}

const hooks: ClientHooks = {
  unreachable: () => {},
  answered: () => {},
  passwordChangeRequired: () => {},
  twoFactorSetupRequired: () => {},
  first: () => null,
  sessionEnded: () => {},
  words: {
    networkError: () => "Network error",
    invalidResponse: () => "Invalid JSON response",
    httpStatus: (status) => `HTTP ${status}`,
  },
};

/** The words of a call that failed without a message of the server's (the app's catalogue). */
export const clientWords = () => hooks.words;

/** Sets what the client reports to the app; hooks not given stay as they were. */
export function configureClient(given: Partial<ClientHooks>): void {
  Object.assign(hooks, given);
}

/** Whether a failed call never reached the server (the client's status 0). */
export function isOffline(err: unknown): boolean {
  return err instanceof ApiError && err.status === 0;
}

/** The server's answer: its data, or its refusal. */
type Answer = { success: true; data: unknown } | ({ success: false } & ServerMessage);

/** A call's answer as the typed client gives it. */
type Answered = { status: number; json(): Promise<Answer> };

/** The data of the successes among a body's types (a route may answer more than one shape). */
type SuccessData<B> = B extends { success: true; data: infer D } ? D : never;

/** The data a call answers on success, from the route's answers. */
export type DataOf<R> = R extends { json(): Promise<infer B> } ? SuccessData<B> : never;

/** Awaits a call and returns its data, or throws ApiError with the message to show. */
export function unwrap<R extends Answered>(call: Promise<R>): Promise<DataOf<R>>;
export async function unwrap(call: Promise<Answered>): Promise<unknown> {
  let res;
  try {
    res = await call;
  } catch {
    hooks.unreachable();
    throw new ApiError(hooks.words.networkError(), 0);
  }
  hooks.answered();
  let body;
  try {
    body = await res.json();
  } catch {
    throw new ApiError(hooks.words.invalidResponse(), res.status);
  }
  if (body.success) return body.data;
  if (res.status === 403 && body.code === "password:change_first") hooks.passwordChangeRequired();
  if (res.status === 403 && body.code === "two_factor:set_up_first") {
    hooks.twoFactorSetupRequired();
  }
  if (res.status === 401 && body.code === "auth:idle_ended") hooks.sessionEnded(body);
  const message = body.message || hooks.words.httpStatus(res.status);
  throw new ApiError(message, res.status, body.code, body.params);
}

/** The message of a failed call for the user: the server's own text when it answered, else the
 * screen's fallback (offline, or a failure without a message). */
export function failureText(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.status !== 0 && err.message ? err.message : fallback;
}

/** `failureText` as the server's message itself (its code and values), for a screen that shows it
 * at once in the language shown (serverText). */
export function failureMessage(err: unknown, fallback: string): ServerMessage | string {
  return err instanceof ApiError && err.status !== 0 && err.message ? err : fallback;
}
