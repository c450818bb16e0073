// The sign-in page's request panels: Forgot Password?, Request Activation and New Account
// Request, one open at a time; a panel closes 3 s after its request was sent (spec). The calls
// and their texts are the store's (stores/sign_in_requests.ts).

import { type FormEvent, useEffect } from "react";
import { type RequestKind, useSignInRequests } from "../stores/sign_in_requests.ts";

/** A field of a request form: name, label and kind of input (text by default). */
type Field = [name: string, label: string, type?: string];

const FIELDS: Record<RequestKind, Field[]> = {
  reset: [["employeeCode", "Employee code"]],
  activation: [["employeeCode", "Employee code"], ["reason", "Reason", "textarea"]],
  registration: [
    ["employeeCode", "Employee code"],
    ["firstName", "First name"],
    ["middleName", "Middle name (optional)"],
    ["lastName", "Last name"],
    ["email", "Email", "email"],
    ["phone", "Phone (optional)", "tel"],
    ["jobTitle", "Job title"],
    ["position", "Position"],
    ["station", "Station"],
    ["department", "Department (optional)"],
    ["gender", "Gender", "gender"],
    ["reason", "Reason", "textarea"],
  ],
};

const TITLES: Record<RequestKind, string> = {
  reset: "Forgot Password?",
  activation: "Request Activation",
  registration: "New Account Request",
};

/** The three tabs and the open panel; leaving the page closes it. */
export function RequestPanels() {
  const panel = useSignInRequests((s) => s.panel);
  const toggle = useSignInRequests((s) => s.toggle);
  useEffect(() => () => useSignInRequests.getState().close(), []);
  return (
    <>
      <nav className="panel-tabs" aria-label="Requests">
        {(["reset", "activation", "registration"] as const).map((kind) => (
          <button
            key={kind}
            type="button"
            aria-expanded={panel === kind}
            onClick={() => toggle(kind)}
          >
            {TITLES[kind]}
          </button>
        ))}
      </nav>
      {panel !== null && <RequestPanel key={panel} kind={panel} />}
    </>
  );
}

function RequestPanel(props: { kind: RequestKind }) {
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
    <form className="panel request" onSubmit={submit} noValidate aria-label={TITLES[kind]}>
      <h2>{TITLES[kind]}</h2>
      {FIELDS[kind].map((field) => <RequestField key={field[0]} field={field} />)}
      <p className={message?.ok ? "success" : "error"} role="status" aria-live="polite">
        {message?.text}
      </p>
      <button type="submit" className="primary" disabled={busy || sent}>Send request</button>
    </form>
  );
}

/** One labelled input of a request form; codes and stations are typed in capitals. */
function RequestField(props: { field: Field }) {
  const [name, label, type] = props.field;
  const value = useSignInRequests((s) => s.values[name]);
  const edit = useSignInRequests((s) => s.edit);
  const capitals = name === "employeeCode" || name === "station";
  return (
    <label>
      {label}
      {type === "textarea"
        ? <textarea value={value ?? ""} onChange={(e) => edit(name, e.target.value)} />
        : type === "gender"
        ? (
          <select value={value} onChange={(e) => edit(name, e.target.value)}>
            <option>Male</option>
            <option>Female</option>
          </select>
        )
        : (
          <input
            type={type ?? "text"}
            value={value ?? ""}
            maxLength={name === "station" ? 3 : undefined}
            onChange={(e) => edit(name, capitals ? e.target.value.toUpperCase() : e.target.value)}
          />
        )}
    </label>
  );
}
