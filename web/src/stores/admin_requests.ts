// The three request queues: what they load and the actions on them with the spec's texts (their
// pure rules are in admin_rules.ts). The server checks every call again; these stores only show.

import { create } from "zustand";
import type { RequestRecord } from "../../../api/store.ts";
import { api, ApiError, unwrap } from "../api/client.ts";
import { keepIssued } from "./one_time_passwords.ts";
import {
  type Days,
  daysLabel,
  details,
  eachOf,
  type EachResult,
  problemText,
  rejectReason,
  type RequestKind,
  type Status,
} from "./admin_rules.ts";
import { plural } from "../numbers.ts";

/** A page of a request queue as the server answers it. */
export interface RequestPage {
  requests: RequestRecord[];
  /** Where the next page starts; null on the last page. */
  cursor: string | null;
  /** Pending requests of the queue within the admin's scope. */
  total: number;
}

/** Requests a queue shows at a time. */
export const QUEUE_PAGE = 25;

/** One page of a request queue (the first without a cursor). */
export function loadPage(kind: RequestKind, cursor = ""): Promise<RequestPage> {
  const query = { query: { limit: String(QUEUE_PAGE), ...(cursor === "" ? {} : { cursor }) } };
  switch (kind) {
    case "activation":
      return unwrap(api.api.users["activation-requests"].$get(query));
    case "password-reset":
      return unwrap(api.api.users["password-reset-requests"].$get(query));
    case "registration":
      return unwrap(api.api.users["registration-requests"].$get(query));
  }
}

const deleteCall = (kind: RequestKind, code: string) =>
  unwrap(api.api.users.requests[":kind"][":code"].$delete({ param: { kind, code } }));

function rejectCall(kind: RequestKind, code: string, reason: string) {
  const args = { param: { code }, json: { reason } };
  switch (kind) {
    case "activation":
      return unwrap(api.api.users[":code"]["reject-activation"].$post(args));
    case "password-reset":
      return unwrap(api.api.users[":code"]["reject-password-reset"].$post(args));
    case "registration":
      return unwrap(api.api.users[":code"]["reject-registration"].$post(args));
  }
}

const approveCall = (code: string, days: Days) =>
  unwrap(api.api.users[":code"]["approve-activation"].$post({ param: { code }, json: { days } }))
    .then(keepIssued);

/** Extends one user's password by `days`. */
export const extendCall = (code: string, days: Days) =>
  unwrap(api.api.users[":code"]["extend-password"].$post({ param: { code }, json: { days } }));

/** The request queues' state and actions. */
export interface RequestsState {
  /** The page of each queue on screen; null when not loaded. */
  lists: Record<RequestKind, RequestRecord[] | null>;
  /** Pending requests of each queue (all pages). */
  totals: Record<RequestKind, number>;
  /** The cursors of the pages before and of the page on screen ('' for the first). */
  trail: Record<RequestKind, string[]>;
  /** Where the next page starts; null on the last page. */
  next: Record<RequestKind, string | null>;
  loading: Record<RequestKind, boolean>;
  /** Why a queue could not be loaded ('Failed to load requests' without a server message). */
  error: Record<RequestKind, string | null>;
  /** The employee code being acted on, or 'all' during Approve All. */
  busy: string | null;
  /** Progress of Approve All. */
  progress: { done: number; total: number } | null;
  status: Status | null;
  /** Loads the page on screen again (the first page when none is). */
  load(kind: RequestKind): Promise<void>;
  /** Goes to the next page, or back to the one before. */
  page(kind: RequestKind, direction: "next" | "previous"): Promise<void>;
  /** Deletes a request without answering it (spam, or one that can no longer be handled). */
  remove(kind: RequestKind, code: string): Promise<boolean>;
  /** Clears the status line (a screen opens without the last screen's message). */
  clearStatus(): void;
  approveActivation(code: string, days: Days): Promise<boolean>;
  /** Approves every pending activation request (all pages) for 90 days, one by one. */
  approveAll(): Promise<EachResult>;
  /** Rejects a request with the typed reason (empty: 'No reason provided'). */
  reject(kind: RequestKind, code: string, typedReason: string): Promise<boolean>;
  /** Resets a password to the default (no password) or to a custom one; the request closes. */
  resetPassword(code: string, newPassword?: string): Promise<boolean>;
  /** Extends the requester's password by 30 days instead of a reset, and closes the request. */
  extendInstead(code: string): Promise<boolean>;
  approveRegistration(code: string): Promise<boolean>;
  /** Whose data the store holds. */
  owner: string | null;
  /** Forgets what another user loaded on this page (a shared computer), keeping one's own. */
  claim(owner: string): void;
}

/** No queue loaded. */
export const NO_LISTS: Record<RequestKind, RequestRecord[] | null> = {
  activation: null,
  "password-reset": null,
  registration: null,
};

const idle = { activation: false, "password-reset": false, registration: false };
const noTotals = { activation: 0, "password-reset": 0, registration: 0 };
const firstPages = { activation: [""], "password-reset": [""], registration: [""] };
const noNext = { activation: null, "password-reset": null, registration: null };
const noErrors = { activation: null, "password-reset": null, registration: null };

/** The request queues store. */
export const useRequests = create<RequestsState>()((set, get) => {
  /** Runs one action on a request, says how it went, and reloads the queue. */
  async function act(
    kind: RequestKind,
    code: string,
    action: () => Promise<string>,
    failure: (err: unknown) => Status,
  ): Promise<boolean> {
    set({ busy: code, status: null });
    try {
      set({ status: { ok: true, text: await action() } });
      return true;
    } catch (err) {
      set({ status: failure(err) });
      return false;
    } finally {
      await get().load(kind);
      set({ busy: null });
    }
  }
  const failed = (text: string) => (err: unknown): Status => ({
    ok: false,
    text,
    details: [problemText(err)],
  });
  const resetFailed = (err: unknown): Status => ({
    ok: false,
    text: `Failed to reset password: ${problemText(err)}`,
  });

  /** Loads the page that starts at `cursor` and puts it on screen. */
  async function show(kind: RequestKind, trail: string[]) {
    set((s) => ({ loading: { ...s.loading, [kind]: true } }));
    try {
      const page = await loadPage(kind, trail[trail.length - 1]);
      set((s) => ({
        lists: { ...s.lists, [kind]: page.requests },
        totals: { ...s.totals, [kind]: page.total },
        next: { ...s.next, [kind]: page.cursor },
        trail: { ...s.trail, [kind]: trail },
        error: { ...s.error, [kind]: null },
      }));
    } catch (err) {
      const text = err instanceof ApiError && err.status !== 0
        ? err.message || "Failed to load requests"
        : "Failed to load requests: the server cannot be reached";
      set((s) => ({ error: { ...s.error, [kind]: text } }));
    } finally {
      set((s) => ({ loading: { ...s.loading, [kind]: false } }));
    }
  }

  return {
    lists: NO_LISTS,
    totals: noTotals,
    trail: firstPages,
    next: noNext,
    loading: idle,
    error: noErrors,
    busy: null,
    progress: null,
    status: null,
    owner: null,

    claim(owner) {
      if (get().owner === owner) return;
      set({
        owner,
        lists: NO_LISTS,
        totals: noTotals,
        trail: firstPages,
        next: noNext,
        error: noErrors,
        status: null,
      });
    },

    async load(kind) {
      await show(kind, get().trail[kind]);
      // the page emptied (its requests were handled): step back to one that has some
      const trail = get().trail[kind];
      if (get().lists[kind]?.length === 0 && trail.length > 1) await show(kind, trail.slice(0, -1));
    },

    async page(kind, direction) {
      const trail = get().trail[kind];
      const next = get().next[kind];
      if (direction === "next" && next !== null) await show(kind, [...trail, next]);
      if (direction === "previous" && trail.length > 1) await show(kind, trail.slice(0, -1));
    },

    remove(kind, code) {
      return act(kind, code, async () => {
        await deleteCall(kind, code);
        return `The request of ${code} was deleted`;
      }, failed("Failed to delete the request"));
    },

    clearStatus() {
      set({ status: null });
    },

    approveActivation(code, days) {
      return act("activation", code, async () => {
        await approveCall(code, days);
        return `Activation of ${code} approved for ${daysLabel(days)}`;
      }, failed("Failed to approve activation request"));
    },

    async approveAll() {
      const total = get().totals.activation;
      set({ busy: "all", status: null, progress: { done: 0, total } });
      try {
        // page after page from the first: each approval takes its request off the queue; a
        // request that fails stays, so it is skipped on the following pages
        const result: EachResult = { ok: 0, failed: [] };
        // one's own request is for another administrator (design 5.6): never tried here
        const own = get().owner;
        const tried = new Set<string>(own === null ? [] : [own]);
        for (let cursor = "";;) {
          const page = await loadPage("activation", cursor);
          const codes = page.requests.map((r) => r.employeeCode).filter((c) => !tried.has(c));
          if (codes.length === 0 && page.cursor === null) break;
          codes.forEach((c) => tried.add(c));
          const done = result.ok + result.failed.length;
          const part = await eachOf(
            codes,
            (code) => approveCall(code, 90),
            (n) => set({ progress: { done: done + n, total: Math.max(total, done + n) } }),
          );
          result.ok += part.ok;
          result.failed.push(...part.failed);
          // approved requests left the queue: read it from the start again; a page where all
          // failed stays, so go on after it
          if (part.ok === 0 && page.cursor === null) break;
          cursor = part.ok === 0 ? page.cursor! : "";
        }
        set({
          status: result.failed.length === 0
            ? { ok: true, text: `Approved ${plural(result.ok, "activation request")} for 90 days` }
            : {
              ok: false,
              text: `Failed to approve activation request: ${result.ok} approved, ${
                plural(result.failed.length, "request")
              } failed`,
              details: details(result),
            },
        });
        return result;
      } finally {
        await get().load("activation");
        set({ busy: null, progress: null });
      }
    },

    reject(kind, code, typedReason) {
      const reason = rejectReason(typedReason);
      const what = kind === "registration"
        ? "registration"
        : kind === "activation"
        ? "activation"
        : "password reset";
      return act(kind, code, async () => {
        await rejectCall(kind, code, reason);
        return `The ${what} request of ${code} was rejected: ${reason}`;
      }, failed(`Failed to reject ${what} request`));
    },

    resetPassword(code, newPassword) {
      return act("password-reset", code, async () => {
        keepIssued(
          await unwrap(
            api.api.users[":code"]["reset-password"].$post({
              param: { code },
              json: newPassword === undefined ? {} : { newPassword },
            }),
          ),
        );
        return newPassword === undefined
          ? `The password of ${code} is reset to a one-time password; it must be changed at the next sign-in`
          : `The password of ${code} is set; it must be changed at the next sign-in`;
      }, resetFailed);
    },

    extendInstead(code) {
      return act("password-reset", code, async () => {
        await extendCall(code, 30);
        // extending answers the request as a reset would: close it, saying why in the audit
        try {
          await rejectCall("password-reset", code, "Password extended by 30 days");
        } catch (err) {
          return `The password of ${code} is extended by 30 days; the request stays open: ${
            problemText(err)
          }`;
        }
        return `The password of ${code} is extended by 30 days`;
      }, failed("Failed to extend password(s)"));
    },

    approveRegistration(code) {
      return act("registration", code, async () => {
        keepIssued(
          await unwrap(
            api.api.users[":code"]["approve-registration"].$post({ param: { code }, json: {} }),
          ),
        );
        return `User ${code} created with a one-time password; it must be changed at the first sign-in`;
      }, failed("Failed to approve registration request"));
    },
  };
});
