// The audit log's table: each entry's time on one line, the action by its name (the raw key in
// its title), the target, and what happened: the summary, each changed field from and to, text a
// caller typed (set apart as quoted data) and, for sign-ins, the caller's address.

import type { AuditEntry } from "../../../../../api/store/records.ts";
import type { AuditChange } from "../../../../../api/rules/audit.ts";
import { actionName } from "./audit_log.ts";
import { formatDateTime } from "../../../lib/time.ts";
import { useTimeZone, When } from "../../../ui/When.tsx";
import { ADM_AUDIT } from "./texts/adm_audit.ts";
import { ADM_AUDIT_ACTIONS } from "./texts/adm_audit_actions.ts";
import { type Translate, useT } from "../../../i18n/i18n.ts";
import { currentLanguage, DIRECTION } from "../../../i18n/language.ts";
import { serverText } from "../../../i18n/server_text.ts";

/** A message of the audit log's catalogue. */
type Key = (typeof ADM_AUDIT.keys)[number];

/** The names of the actions in the language shown (the component renders again when it changes). */
export function useActionName(): (action: string) => string {
  useT(ADM_AUDIT_ACTIONS);
  return actionName;
}

/** The table of a page of entries. */
export function AuditTable(props: { entries: AuditEntry[]; busy: boolean }) {
  const t = useT(ADM_AUDIT);
  const name = useActionName();
  // the address column only where the page holds sign-ins (it is empty for every other action)
  const addresses = props.entries.some((e) => e.address !== undefined);
  // the labels a narrow screen shows before each value
  const label = {
    time: t("time"),
    actor: t("actor"),
    action: t("action"),
    target: t("target"),
    address: t("address"),
    summary: t("summary"),
  };
  return (
    <div
      className="table-scroll audit-scroll"
      tabIndex={0}
      role="region"
      aria-label={t("entriesLabel")}
    >
      <table className="tool-table audit-table" aria-busy={props.busy}>
        <thead>
          <tr>
            <th scope="col" className="audit-time">{label.time}</th>
            <th scope="col">{label.actor}</th>
            <th scope="col">{label.action}</th>
            <th scope="col">{label.target}</th>
            {addresses && <th scope="col" className="audit-address">{label.address}</th>}
            <th scope="col" className="audit-what">{label.summary}</th>
          </tr>
        </thead>
        <tbody>
          {props.entries.map((e) => (
            <tr key={e._id}>
              <td data-label={label.time} className="audit-time">
                <When at={e.at} seconds />
              </td>
              <td data-label={label.actor} className="mono">
                {/* an employee code, or the server's own actors (anonymous, system) in words */}
                {actorText(e.actor, t)}
              </td>
              <td data-label={label.action}>
                <span className="action-name" title={e.action}>{name(e.action)}</span>
              </td>
              <td data-label={label.target} className="mono audit-target">{e.target}</td>
              {addresses && (
                <td data-label={label.address} className="mono audit-address">
                  {e.address ?? ""}
                </td>
              )}
              <td data-label={label.summary} className="audit-what">
                <EntryDetails entry={e} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A value set apart from the text around it where the text runs right to left (Unicode's first
 * strong isolate), so that a Latin value keeps its place in an Arabic line. */
function isolated(value: string): string {
  return DIRECTION[currentLanguage()] === "rtl" ? `\u2068${value}\u2069` : value;
}

/** A change as the log writes it ("role: user → admin", "(empty)" for ""), in the language shown:
 * the arrow points from the old value to the new one whichever way the text runs. */
function changeLine(c: AuditChange, t: Translate<Key>): string {
  const shown = (v: string) => isolated(v === "" ? t("empty") : v);
  const arrow = DIRECTION[currentLanguage()] === "rtl" ? "←" : "→";
  return t("changeLine", { field: isolated(c.field), from: shown(c.from), to: shown(c.to), arrow });
}

/** The server's own actors in words; an employee code as it is. */
const ACTORS: Record<string, Key> = {
  anonymous: "actorAnonymous",
  system: "actorSystem",
  operator: "actorOperator",
};

/** An entry's actor in the language shown. */
function actorText(actor: string, t: Translate<Key>): string {
  const key = ACTORS[actor];
  return key === undefined ? actor : t(key);
}

/** The server's summary in the language shown, by its code (the log gives every entry's). */
function summaryText(e: AuditEntry): string {
  return serverText({ code: e.code, params: e.params, message: e.summary });
}

/** The summary, the changed fields and any text the caller sent (one block: on narrow screens
 * the cell is a label and its value). */
function EntryDetails({ entry: e }: { entry: AuditEntry }) {
  const t = useT(ADM_AUDIT);
  const zone = useTimeZone();
  // a time among the values (an expiry) is shown as every time is: in the user's zone
  const shown = (v: string) => (ISO_TIME.test(v) ? formatDateTime(v, zone) : v);
  return (
    <div>
      {/* isolated: a summary the catalogue lacks stays English and keeps its own order */}
      <bdi>{summaryText(e)}</bdi>
      {e.changes !== undefined && e.changes.length > 0 && (
        <ul className="audit-changes" aria-label={t("changedFields")}>
          {e.changes.map((c) => (
            <li key={c.field}>{changeLine({ ...c, from: shown(c.from), to: shown(c.to) }, t)}</li>
          ))}
        </ul>
      )}
      {e.detail !== undefined && (
        <span className="audit-detail">
          {/* typed by the caller, who may not be signed in: data, not a record */}
          {t("textSent")}{" "}
          <q>
            <bdi>{e.detail}</bdi>
          </q>
        </span>
      )}
      {/* medium widths have no room for the address column: it is written here instead */}
      {e.address !== undefined && (
        <span className="audit-address-inline">
          {t("addressLine", { address: isolated(e.address) })}
        </span>
      )}
    </div>
  );
}

/** A value that is a time as the server writes it. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
