// The sessions of one account, each with its browser, address, start and last use, and End
// session on each but the one this list is looked at from (issue 27). The profile shows the own
// list; the admin user page an account's.

import { useEffect } from "react";
import type { SessionView } from "../../../api/rules/sessions.ts";
import { browserName } from "../../../api/rules/user_agent.ts";
import { useSessions, type Whose } from "../stores/sessions.ts";
import { When } from "./When.tsx";
import "./session_list.css";

/** The list of `whose` sessions; `canEnd` offers End session; the list is read again whenever
 * `version` changes (an action elsewhere that may have ended sessions). */
export function SessionList(props: { whose: Whose; canEnd: boolean; version?: unknown }) {
  const { whose, canEnd, version } = props;
  const key = whose === "own" ? "own" : whose.code;
  useEffect(() => {
    void useSessions.getState().load(whose);
    // whose is read through its key: a new object of the same account is the same list
  }, [key, version]);
  const sessions = useSessions((s) => s.sessions);
  const error = useSessions((s) => s.error);
  const status = useSessions((s) => s.status);
  const busy = useSessions((s) => s.busy);
  return (
    <div className="session-list">
      {error !== null && <p className="error">{error}</p>}
      {sessions === null && error === null && <p className="notice">Loading sessions...</p>}
      {sessions !== null && (
        <>
          <p>Active sessions: {sessions.length}</p>
          <ul className="sessions" aria-label="Active sessions">
            {sessions.map((s, i) => (
              <SessionItem key={s.id ?? i} session={s} canEnd={canEnd} busy={busy} />
            ))}
          </ul>
        </>
      )}
      <p className={status?.ok === false ? "error" : "success"} role="status" aria-live="polite">
        {status?.text}
      </p>
    </div>
  );
}

/** One session: its browser (the whole User-Agent on hover), address and times. */
function SessionItem(props: { session: SessionView; canEnd: boolean; busy: boolean }) {
  const { session: s } = props;
  const name = browserName(s.userAgent);
  const address = s.address || "unknown address";
  return (
    <li className="session">
      <span className="session-name" title={s.userAgent || undefined}>{name}</span>
      {s.current && <span className="badge session-current">This session</span>}
      <span className="session-meta">
        <span className="session-address">{address}</span> ·{" "}
        <span className="nowrap">
          Started <When at={s.createdAt} />
        </span>{" "}
        ·{" "}
        <span className="nowrap">
          Last used <When at={s.lastUsedAt} />
        </span>
      </span>
      {props.canEnd && !s.current && s.id !== null && (
        <button
          type="button"
          className="session-end"
          disabled={props.busy}
          aria-label={`End session: ${name} from ${address}`}
          onClick={() => void useSessions.getState().end(s.id!)}
        >
          End session
        </button>
      )}
    </li>
  );
}
