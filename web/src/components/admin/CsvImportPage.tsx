// /apps/admin-apps/csv-import: staff accounts from a CSV file or pasted text. 'Import Users' checks
// the text with the server's rules (any error blocks it all), the preview lists the users ready,
// and 'Save to Database' sends the same text to the server, which creates or updates each user.

import { ClearCacheButton } from "./ClearCacheButton.tsx";
import { useState } from "react";
import type { ImportedUser } from "../../../../api/rules/user_import.ts";
import { useCsvImport } from "../../stores/csv_import.ts";
import { COLUMNS, LARGE_IMPORT, TEMPLATE_CSV, TEMPLATE_FILE } from "../../admin/csv_users.ts";
import { AdminFrame } from "./AdminFrame.tsx";
import { downloadFile } from "../download.ts";
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
      {fileName !== null && <p className="notice">Loaded {fileName}</p>}
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
        <button type="button" className="primary" disabled={saving} onClick={runImport}>
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
function Counts(props: { label?: string; items: [string, number, boolean][] }) {
  return (
    <dl className="counts" aria-label={props.label}>
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
          <span>Saving {saving} users to the database…</span>
        </div>
      )}
    </>
  );
}

/** What the server did with a save: the counts and the users not saved, or why it refused all. */
function SaveOutcome() {
  const saved = useCsvImport((s) => s.saved);
  const refused = useCsvImport((s) => s.refused);
  return (
    <>
      {saved !== null && (
        <>
          <h3>Saved to the database</h3>
          <Counts
            label="Saved"
            items={[
              ["Created", saved.created, false],
              ["Updated", saved.updated, false],
              ["Not saved", saved.failed.length, saved.failed.length > 0],
            ]}
          />
          {saved.failed.length > 0 && (
            <Messages label="Users not saved" items={saved.failed} error />
          )}
        </>
      )}
      {refused.length > 0 && (
        <Messages label="Why the server refused the import" items={refused} error />
      )}
    </>
  );
}

const NO_USERS: readonly ImportedUser[] = [];

function UserTable() {
  const users = useCsvImport((s) => s.check?.users ?? NO_USERS);
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Users ready to import">
      <table className="tool-table users-table">
        <caption>{users.length} users ready to import</caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Employee Code</th>
            <th scope="col">Full Name</th>
            <th scope="col">Email</th>
            <th scope="col">Station</th>
            <th scope="col">Job Title</th>
            <th scope="col">Gender</th>
            <th scope="col">Department</th>
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.row}>
              <td>{u.row}</td>
              <td className="mono">{u.employeeCode}</td>
              <td>{u.fullName}</td>
              <td>{u.email}</td>
              <td>{u.station}</td>
              <td>{u.jobTitle}</td>
              <td>{u.gender}</td>
              <td>{u.department}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
