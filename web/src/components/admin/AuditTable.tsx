// The audit log's table: each entry's time on one line, the action by its English name (the raw
// key in its title), the target, and what happened: the summary, each changed field from and to,
// text a caller typed (set apart as quoted data) and, for sign-ins, the caller's address.

import type { AuditEntry } from "../../../../api/store.ts";
import { actionLabel, changeText } from "../../../../api/rules/audit.ts";
import { formatDateTime } from "../../time.ts";
import { useTimeZone, When } from "../When.tsx";

/** The table of a page of entries. */
export function AuditTable(props: { entries: AuditEntry[]; busy: boolean }) {
  // the address column only where the page holds sign-ins (it is empty for every other action)
  const addresses = props.entries.some((e) => e.address !== undefined);
  return (
    <div
      className="table-scroll audit-scroll"
      tabIndex={0}
      role="region"
      aria-label="Audit entries"
    >
      <table className="tool-table audit-table" aria-busy={props.busy}>
        <thead>
          <tr>
            <th scope="col" className="audit-time">Time</th>
            <th scope="col">Actor</th>
            <th scope="col">Action</th>
            <th scope="col">Target</th>
            {addresses && <th scope="col" className="audit-address">Address</th>}
            <th scope="col" className="audit-what">Summary</th>
          </tr>
        </thead>
        <tbody>
          {props.entries.map((e) => (
            <tr key={e._id}>
              <td data-label="Time" className="audit-time">
                <When at={e.at} seconds />
              </td>
              <td data-label="Actor" className="mono">{e.actor}</td>
              <td data-label="Action">
                <span className="action-name" title={e.action}>{actionLabel(e.action)}</span>
              </td>
              <td data-label="Target" className="mono audit-target">{e.target}</td>
              {addresses && (
                <td data-label="Address" className="mono audit-address">{e.address ?? ""}</td>
              )}
              <td data-label="Summary" className="audit-what">
                <EntryDetails entry={e} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The summary, the changed fields and any text the caller sent (one block: on narrow screens
 * the cell is a label and its value). */
function EntryDetails({ entry: e }: { entry: AuditEntry }) {
  const zone = useTimeZone();
  // a time among the values (an expiry) is shown as every time is: in the user's zone
  const shown = (v: string) => (ISO_TIME.test(v) ? formatDateTime(v, zone) : v);
  return (
    <div>
      {e.summary}
      {e.changes !== undefined && e.changes.length > 0 && (
        <ul className="audit-changes" aria-label="Changed fields">
          {e.changes.map((c) => (
            <li key={c.field}>{changeText({ ...c, from: shown(c.from), to: shown(c.to) })}</li>
          ))}
        </ul>
      )}
      {e.detail !== undefined && (
        <span className="audit-detail">
          {/* typed by the caller, who may not be signed in: data, not a record */}
          Text sent: <q>{e.detail}</q>
        </span>
      )}
      {/* medium widths have no room for the address column: it is written here instead */}
      {e.address !== undefined && <span className="audit-address-inline">Address: {e.address}
      </span>}
    </div>
  );
}

/** A value that is a time as the server writes it. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
