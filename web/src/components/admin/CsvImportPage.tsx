// /apps/admin-apps/csv-import: staff accounts from a CSV file or pasted text. 'Import Users' checks
// the text with the server's rules and then the server's dry run (any error blocks it all, as the
// save would), the preview lists the users ready with every field of the file, and 'Save to
// Database' sends the same text to the server, which creates or updates each user. Counts are
// said once: the check's in its counts, the save's in the status line.

import { ClearCacheButton } from "./ClearCacheButton.tsx";
import { type ReactNode, useState } from "react";
import type { ImportedUser } from "../../../../api/rules/user_import.ts";
import { useCsvImport } from "../../stores/csv_import.ts";
import { COLUMNS, LARGE_IMPORT, TEMPLATE_CSV, TEMPLATE_FILE } from "../../admin/csv_users.ts";
import { AdminFrame } from "./AdminFrame.tsx";
import { downloadFile } from "../download.ts";
import { plural } from "../../numbers.ts";
import "./admin_tools.css";

/** The CSV User Import screen. */
export function CsvImportPage() {
  return (
    <AdminFrame
      title="CSV User Import"
      subtitle="Create or update staff accounts from a CSV file"
    >
      <div className="admin-tools">
        <PasswordNotice />
        <CsvInput />
        <CsvStatusLine />
        <CsvResults />
      </div>
    </AdminFrame>
  );
}

function PasswordNotice() {
  return (
    <div className="banner warning" role="note">
      <strong>Imported users start inactive, without a password.</strong>{" "}
      Activating one gives it a one-time password, shown once to the administrator who activates it;
      the user must change it at the first sign-in. A user whose employee code already exists is
      updated instead: their password and status stay as they are.
    </div>
  );
}

function CsvInput() {
  const text = useCsvImport((s) => s.text);
  const fileName = useCsvImport((s) => s.fileName);
  const saving = useCsvImport((s) => s.saving > 0);
  const checking = useCsvImport((s) => s.checking);
  const { setText, loadFile, runImport } = useCsvImport.getState();
  const [template, setTemplate] = useState(false);
  return (
    <section className="section" aria-labelledby="csv-input-title">
      <h2 id="csv-input-title">CSV content</h2>
      <label>
        Upload a .csv file
        <input
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file !== undefined) void loadFile(file);
            // the same file chosen again (after an edit on disk) loads again
            e.target.value = "";
          }}
        />
      </label>
      {/* always there, so the buttons below do not move when the file is read */}
      <p className="notice file-loaded">{fileName !== null && `Loaded ${fileName}`}</p>
      <label>
        Or paste CSV content
        <textarea
          className="csv-text"
          rows={8}
          spellCheck={false}
          value={text}
          placeholder={COLUMNS.join(",")}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <div className="tool-buttons">
        <button
          type="button"
          className="primary"
          disabled={saving}
          aria-busy={checking}
          onClick={() => void runImport()}
        >
          Import Users
        </button>
        <button
          type="button"
          onClick={() => downloadFile(TEMPLATE_FILE, TEMPLATE_CSV, "text/csv;charset=utf-8")}
        >
          Download Template
        </button>
        <button
          type="button"
          aria-expanded={template}
          aria-controls="csv-template"
          onClick={() => setTemplate(!template)}
        >
          {template ? "Hide Template" : "Show Template"}
        </button>
        <ClearCacheButton />
      </div>
      {template && <TemplateHelp />}
    </section>
  );
}

function TemplateHelp() {
  return (
    <div id="csv-template" className="panel-box">
      <p>
        The first row names the columns.{" "}
        <strong>Required</strong>: Employee Code, Full Name, Email, Station. Optional: Job Title
        (default 'Employee', with a warning), Position, Work Phone, Gender ('Male' or 'Female',
        default Male), Department. Headers may also be written code, empcode, name, title, stn,
        phone or sex. Put a value that holds a comma in double quotes.
      </p>
      <pre className="csv-sample" tabIndex={0} aria-label="Template CSV">{TEMPLATE_CSV}</pre>
    </div>
  );
}

function CsvStatusLine() {
  const status = useCsvImport((s) => s.status);
  return (
    <p className={status?.ok === false ? "error" : "success"} role="status" aria-live="polite">
      {status?.text}
    </p>
  );
}

/** The check's counts, its errors (which block the save) and warnings, then the save. */
function CsvResults() {
  const check = useCsvImport((s) => s.check);
  if (check === null) return null;
  const blocked = check.errors.length > 0;
  return (
    <section className="section" aria-labelledby="csv-results-title">
      <h2 id="csv-results-title">Results</h2>
      <Counts
        items={[
          ["Users Ready", check.users.length, false],
          ["Errors", check.errors.length, blocked],
          ["Warnings", check.warnings.length, false],
        ]}
      />
      {blocked && (
        <>
          <p className="error">
            Any error blocks the whole import: fix these rows and choose Import Users again.
          </p>
          <h3>Errors</h3>
          <Messages label="Errors" items={check.errors} error />
        </>
      )}
      {check.warnings.length > 0 && (
        <>
          <h3>Warnings</h3>
          <Messages label="Warnings" items={check.warnings} />
        </>
      )}
      {!blocked && (
        <>
          <SaveActions />
          <SaveOutcome />
          <UserTable />
        </>
      )}
    </section>
  );
}

/** A row of counts, each marked bad when it is a problem. */
function Counts(props: { items: [string, number, boolean][] }) {
  return (
    <dl className="counts" aria-label="Counts">
      {props.items.map(([term, count, bad]) => (
        <div key={term} className={bad ? "bad" : undefined}>
          <dt>{term}</dt>
          <dd data-count={term}>{count}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A list of messages (errors in red), one a line. */
function Messages(props: { label: string; items: readonly string[]; error?: boolean }) {
  return (
    <ul className={props.error ? "messages error" : "messages"} aria-label={props.label}>
      {props.items.map((m) => <li key={m}>{m}</li>)}
    </ul>
  );
}

/** Save to Database and Download CSV, with the progress of a large save. */
function SaveActions() {
  const saving = useCsvImport((s) => s.saving);
  const { save, resultsFile } = useCsvImport.getState();
  return (
    <>
      <div className="tool-buttons">
        <button type="button" className="primary" disabled={saving > 0} onClick={save}>
          {saving > 0 ? "Saving..." : "Save to Database"}
        </button>
        <button
          type="button"
          onClick={() => {
            const file = resultsFile();
            if (file !== null) downloadFile(file.name, file.content, "text/csv;charset=utf-8");
          }}
        >
          Download CSV
        </button>
      </div>
      {saving >= LARGE_IMPORT && (
        <div className="save-progress" role="status">
          <progress aria-label="Saving users" />
          <span>Saving {plural(saving, "user")} to the database…</span>
        </div>
      )}
    </>
  );
}

/** What the server refused: the users not saved, or why it refused all (the counts of a save are
 * in the status line, not repeated here). */
function SaveOutcome() {
  const failed = useCsvImport((s) => s.saved?.failed ?? NO_MESSAGES);
  const refused = useCsvImport((s) => s.refused);
  return (
    <>
      {failed.length > 0 && <Messages label="Users not saved" items={failed} error />}
      {refused.length > 0 && (
        <Messages label="Why the server refused the import" items={refused} error />
      )}
    </>
  );
}

const NO_MESSAGES: readonly string[] = [];
const NO_USERS: readonly ImportedUser[] = [];

/** An email that may break after its '@' (never inside a word), so the preview fits 1280 px. */
function emailCell(email: string): ReactNode {
  const at = email.indexOf("@");
  if (at === -1) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** The preview's columns: every field an import reads, Position and Work Phone included. */
const PREVIEW: readonly [string, (u: ImportedUser) => ReactNode, string?][] = [
  ["Row", (u) => String(u.row)],
  ["Employee Code", (u) => u.employeeCode, "mono"],
  ["Full Name", (u) => u.fullName, "wraps"],
  ["Email", (u) => emailCell(u.email)],
  ["Station", (u) => u.station],
  ["Job Title", (u) => u.jobTitle, "wraps"],
  ["Position", (u) => u.position, "wraps"],
  ["Work Phone", (u) => u.workPhone],
  ["Gender", (u) => u.gender],
  ["Department", (u) => u.department, "wraps"],
];

/** The users ready, in a region of their own that scrolls sideways rather than cutting columns. */
function UserTable() {
  const users = useCsvImport((s) => s.check?.users ?? NO_USERS);
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Users ready to import">
      <table className="tool-table users-table">
        <caption>Users ready to import</caption>
        <thead>
          <tr>
            {PREVIEW.map(([name]) => <th key={name} scope="col">{name}</th>)}
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.row}>
              {PREVIEW.map(([name, value, cls]) => <td key={name} className={cls}>{value(u)}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
