// The sessions of one account, each with its browser, address, start and last use, and End
// session on each but the one this list is looked at from (issue 27). The profile shows the own
// list; the admin user page an account's.

import { useEffect } from "react";
import type { SessionView } from "../../../../api/rules/sessions.ts";
import { browserName } from "../../../../api/rules/user_agent.ts";
import { SHELL_SESSIONS } from "./texts/shell_sessions.ts";
import { type Translate, useT } from "../../i18n/i18n.ts";
import { Rich } from "../../i18n/Rich.tsx";
import { useSessions, type Whose } from "./sessions.ts";
import { When } from "../../ui/When.tsx";
import "./session_list.css";

/** The list of `whose` sessions; `canEnd` offers End session; the list is read again whenever
 * `version` changes (an action elsewhere that may have ended sessions). */
export function SessionList(props: { whose: Whose; canEnd: boolean; version?: unknown }) {
  const t = useT(SHELL_SESSIONS);
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
      {sessions === null && error === null && <p className="notice">{t("loading")}</p>}
      {sessions !== null && (
        <>
          <p>{t("count", { count: sessions.length })}</p>
          <ul className="sessions" aria-label={t("active")}>
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

/** The browser of a User-Agent in the language shown: api/rules/user_agent.ts names it in
 * English ('Chrome 142 on Windows', 'Unknown browser'); the names themselves stay. */
function browserText(t: Translate<(typeof SHELL_SESSIONS)["keys"][number]>, userAgent: string) {
  const name = browserName(userAgent);
  if (name === "Unknown browser") return t("unknownBrowser");
  const [browser, system] = name.split(" on ");
  return system === undefined ? name : t("browserOn", { browser, system });
}

/** One session: its browser (the whole User-Agent on hover), address and times. */
function SessionItem(props: { session: SessionView; canEnd: boolean; busy: boolean }) {
  const t = useT(SHELL_SESSIONS);
  const { session: s } = props;
  const name = browserText(t, s.userAgent);
  const address = s.address || t("unknownAddress");
  return (
    <li className="session">
      <span className="session-name">
        {/* the whole User-Agent on hover: data, read left to right */}
        <bdi title={s.userAgent || undefined}>{name}</bdi>
      </span>
      {s.current && <span className="badge session-current">{t("current")}</span>}
      <span className="session-meta">
        <span className="session-address" dir={s.address ? "ltr" : undefined}>
          {address}
        </span>{" "}
        ·{" "}
        <span className="nowrap">
          <Rich text={t("started")} parts={[<When key="0" at={s.createdAt} />]} />
        </span>{" "}
        ·{" "}
        <span className="nowrap">
          <Rich text={t("lastUsed")} parts={[<When key="0" at={s.lastUsedAt} />]} />
        </span>
      </span>
      {props.canEnd && !s.current && s.id !== null && (
        <button
          type="button"
          className="session-end"
          disabled={props.busy}
          aria-label={t("endLabel", { name, address })}
          onClick={() => void useSessions.getState().end(s.id!)}
        >
          {t("end")}
        </button>
      )}
    </li>
  );
}
