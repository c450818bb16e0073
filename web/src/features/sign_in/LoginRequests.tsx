// The sign-in page's request panels: Forgot Password?, Request Activation and New Account
// Request, one open at a time; a panel closes 3 s after its request was sent (spec). The calls
// and their texts are the store's (sign_in_requests.ts).

import { type FormEvent, useEffect } from "react";
import { SHELL_LOGIN } from "./texts/shell_login.ts";
import { useT } from "../../i18n/i18n.ts";
import { type RequestKind, useSignInRequests } from "./sign_in_requests.ts";

/** A text of the sign-in page's catalogue. */
type Key = (typeof SHELL_LOGIN)["keys"][number];

/** A field of a request form: name, label and kind of input (text by default). */
type Field = [name: string, label: Key, type?: string];

const FIELDS: Record<RequestKind, Field[]> = {
  reset: [["employeeCode", "employeeCode"]],
  activation: [["employeeCode", "employeeCode"], ["reason", "reason", "textarea"]],
  registration: [
    ["employeeCode", "employeeCode"],
    ["firstName", "firstName"],
    ["middleName", "middleName"],
    ["lastName", "lastName"],
    ["email", "email", "email"],
    ["phone", "phone", "tel"],
    ["jobTitle", "jobTitle"],
    ["position", "position"],
    ["station", "station"],
    ["department", "department"],
    ["gender", "gender", "gender"],
    ["reason", "reason", "textarea"],
  ],
};

/** The three tabs and the open panel; leaving the page closes it. */
export function RequestPanels() {
  const t = useT(SHELL_LOGIN);
  const panel = useSignInRequests((s) => s.panel);
  const toggle = useSignInRequests((s) => s.toggle);
  useEffect(() => () => useSignInRequests.getState().close(), []);
  return (
    <>
      <nav className="panel-tabs" aria-label={t("requests")}>
        {(["reset", "activation", "registration"] as const).map((kind) => (
          <button
            key={kind}
            type="button"
            aria-expanded={panel === kind}
            aria-controls={panel === kind ? `request-${kind}` : undefined}
            onClick={() => toggle(kind)}
          >
            {t(kind)}
          </button>
        ))}
      </nav>
      {panel !== null && <RequestPanel key={panel} kind={panel} />}
    </>
  );
}

function RequestPanel(props: { kind: RequestKind }) {
  const t = useT(SHELL_LOGIN);
  const { kind } = props;
  const message = useSignInRequests((s) => s.message);
  const busy = useSignInRequests((s) => s.busy);
  // sent: the panel only waits to close, and the same request is not sent twice
  const sent = message?.ok === true;

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => useSignInRequests.getState().close(), 3000);
    return () => clearTimeout(timer);
  }, [sent]);

  function submit(e: FormEvent) {
    e.preventDefault();
    void useSignInRequests.getState().send();
  }

  return (
    <form
      id={`request-${kind}`}
      className="panel request"
      onSubmit={submit}
      noValidate
      aria-label={t(kind)}
    >
      <h2>{t(kind)}</h2>
      {FIELDS[kind].map((field) => <RequestField key={field[0]} field={field} />)}
      <p className={message?.ok ? "success" : "error"} role="status" aria-live="polite">
        {message?.text}
      </p>
      <button type="submit" className="primary" disabled={busy || sent}>{t("send")}</button>
    </form>
  );
}

/** One labelled input of a request form; codes and stations are typed in capitals, e-mails and
 * phone numbers left to right. */
function RequestField(props: { field: Field }) {
  const t = useT(SHELL_LOGIN);
  const [name, label, type] = props.field;
  const value = useSignInRequests((s) => s.values[name]);
  const edit = useSignInRequests((s) => s.edit);
  const capitals = name === "employeeCode" || name === "station";
  return (
    <label>
      {t(label)}
      {type === "textarea"
        ? <textarea value={value ?? ""} onChange={(e) => edit(name, e.target.value)} />
        : type === "gender"
        ? (
          <select value={value} onChange={(e) => edit(name, e.target.value)}>
            <option value="Male">{t("male")}</option>
            <option value="Female">{t("female")}</option>
          </select>
        )
        : (
          <input
            type={type ?? "text"}
            dir={type === "email" || type === "tel" ? "ltr" : undefined}
            value={value ?? ""}
            maxLength={name === "station" ? 3 : undefined}
            onChange={(e) => edit(name, capitals ? e.target.value.toUpperCase() : e.target.value)}
          />
        )}
    </label>
  );
}
