// The session list of one account (issue 27): the caller's own on the profile, or an account's on
// the admin user page. One list at a time; an answer for a list no longer shown is dropped. Its
// lines are in the language shown.

import { create } from "zustand";
import type { SessionView } from "../../../../api/rules/sessions.ts";
import { accountCalls } from "../admin/account_calls.ts";
import { loadFailureText } from "../admin/error_text.ts";
import { api, failureMessage, isOffline, unwrap } from "../../lib/api/client.ts";
import { SHELL_SESSIONS } from "./texts/shell_sessions.ts";
import { text } from "../../i18n/i18n.ts";
import { serverText } from "../../i18n/server_text.ts";

/** Whose sessions: the caller's own, or an account's as an administrator sees them. */
export type Whose = "own" | { code: string };

/** A line under the list: ended, or why not. */
export interface SessionsStatus {
  ok: boolean;
  text: string;
}

/** The session list's state and actions. */
export interface SessionsState {
  /** The list shown ("" before the first load): "own" or the account's code. */
  key: string;
  sessions: SessionView[] | null;
  /** Why the list could not be read. */
  error: string | null;
  status: SessionsStatus | null;
  busy: boolean;
  /** Reads the list of `whose` (a new list starts empty; the same one keeps its rows meanwhile). */
  load(whose: Whose): Promise<void>;
  /** Ends one session of the list shown, then reads it again. */
  end(id: string): Promise<void>;
}

const keyOf = (whose: Whose) => (whose === "own" ? "own" : `user:${whose.code}`);

/** The calls of a list: the own routes, or the administrators'. */
function callsOf(key: string) {
  if (key === "own") {
    return {
      list: () => unwrap(api.api.auth.sessions.$get()),
      end: (id: string) => unwrap(api.api.auth.sessions[":id"].$delete({ param: { id } })),
    };
  }
  const code = key.slice("user:".length);
  return {
    list: () => accountCalls.sessions(code),
    end: (id: string) => accountCalls.endSession(code, id),
  };
}

/** The session list store. */
export const useSessions = create<SessionsState>()((set, get) => {
  async function read(key: string) {
    try {
      const sessions = await callsOf(key).list();
      if (get().key === key) set({ sessions, error: null });
    } catch (err) {
      if (get().key !== key) return;
      // offline: the admin screens' wording (error_text.ts), as one sentence of this list's own
      const error = isOffline(err)
        ? text(SHELL_SESSIONS, "loadOffline")
        : serverText(loadFailureText(err, text(SHELL_SESSIONS, "loadFailed")));
      set({ error });
    }
  }
  return {
    key: "",
    sessions: null,
    error: null,
    status: null,
    busy: false,
    async load(whose) {
      const key = keyOf(whose);
      if (get().key !== key) set({ key, sessions: null, error: null, status: null, busy: false });
      await read(key);
    },
    async end(id) {
      const key = get().key;
      set({ busy: true, status: null });
      try {
        await callsOf(key).end(id);
        if (get().key === key) set({ status: { ok: true, text: text(SHELL_SESSIONS, "ended") } });
      } catch (err) {
        if (get().key !== key) return;
        const said = serverText(failureMessage(err, text(SHELL_SESSIONS, "endFailed")));
        set({ status: { ok: false, text: said } });
      } finally {
        if (get().key === key) set({ busy: false });
      }
      await read(key);
    },
  };
});
