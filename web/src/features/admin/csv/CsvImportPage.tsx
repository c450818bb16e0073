// /apps/admin-apps/csv-import: staff accounts from a CSV file or pasted text. 'Import Users' checks
// the text with the server's rules and then the server's dry run (any error blocks it all, as the
// save would), the preview lists the users ready with every field of the file, and 'Save to
// Database' sends the same text to the server, which creates or updates each user. Counts are
// said once: the check's in its counts, the save's in the status line. The CSV itself (the
// template, the pasted text) keeps its English header row in every language: it is the file's
// format.

import { ClearCacheButton } from "../ClearCacheButton.tsx";
import { type ReactNode, useState } from "react";
import {
  type AccountField,
  type FieldKind,
  IMPORT_FIELDS,
} from "../../../../../api/rules/account_fields.ts";
import type { ImportedUser, ImportMessage } from "../../../../../api/rules/user_import.ts";
import { render } from "../../../../../api/rules/messages.ts";
import { useCsvImport } from "./csv_import.ts";
import { ExistingRows } from "./ExistingRows.tsx";
import {
  COLUMNS,
  CSV_MEDIA_TYPE,
  LARGE_IMPORT,
  TEMPLATE_CSV,
  templateFileName,
} from "./csv_users.ts";
import { type FieldLabel, FIELDS } from "../../../i18n/areas/fields.ts";
import { TOOLS_CSV } from "./texts/tools_csv.ts";
import { type Translate, useT } from "../../../i18n/i18n.ts";
import { Rich } from "../../../i18n/Rich.tsx";
import { serverText } from "../../../i18n/server_text.ts";
import { AdminFrame } from "../AdminFrame.tsx";
import { downloadFile } from "../../../lib/download.ts";
import "../admin_tools.css";

/** A text of the page's catalogue. */
type Key = (typeof TOOLS_CSV.keys)[number];

/** The CSV User Import screen. */
export function CsvImportPage() {
  const t = useT(TOOLS_CSV);
  return (
    <AdminFrame title={t("title")} subtitle={t("subtitle")}>
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
  const t = useT(TOOLS_CSV);
  return (
    <div className="banner warning" role="note">
      <Rich text={t("passwordNotice")} parts={[<strong key="0" />]} />
    </div>
  );
}

function CsvInput() {
  const t = useT(TOOLS_CSV);
  const text = useCsvImport((s) => s.text);
  const fileName = useCsvImport((s) => s.fileName);
  const saving = useCsvImport((s) => s.saving > 0);
  const checking = useCsvImport((s) => s.checking);
  const { setText, loadFile, runImport } = useCsvImport.getState();
  const [template, setTemplate] = useState(false);
  return (
    <section className="section" aria-labelledby="csv-input-title">
      <h2 id="csv-input-title">{t("csvContent")}</h2>
      <label>
        {t("upload")}
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
      <p className="notice file-loaded">{fileName !== null && t("loaded", { name: fileName })}</p>
      <label>
        {t("paste")}
        <textarea
          className="csv-text"
          dir="ltr"
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
          {t("importUsers")}
        </button>
        <button
          type="button"
          onClick={() => downloadFile(templateFileName(), TEMPLATE_CSV, CSV_MEDIA_TYPE)}
        >
          {t("downloadTemplate")}
        </button>
        <button
          type="button"
          aria-expanded={template}
          aria-controls="csv-template"
          onClick={() => setTemplate(!template)}
        >
          {template ? t("hideTemplate") : t("showTemplate")}
        </button>
        <ClearCacheButton />
      </div>
      {template && <TemplateHelp />}
    </section>
  );
}

function TemplateHelp() {
  const t = useT(TOOLS_CSV);
  return (
    <div id="csv-template" className="panel-box">
      <p>
        <Rich text={t("templateHelp")} parts={[<strong key="0" />, <bdi key="1" />]} />
      </p>
      <pre className="csv-sample" dir="ltr" tabIndex={0} aria-label={t("templateLabel")}>
        {TEMPLATE_CSV}
      </pre>
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
  const t = useT(TOOLS_CSV);
  const check = useCsvImport((s) => s.check);
  if (check === null) return null;
  const blocked = check.errors.length > 0;
  return (
    <section className="section" aria-labelledby="csv-results-title">
      <h2 id="csv-results-title">{t("results")}</h2>
      <dl className="counts" aria-label={t("counts")}>
        <Count name="Users Ready" term="usersReady" count={check.users.length} />
        <Count name="Errors" term="errors" count={check.errors.length} bad={blocked} />
        <Count name="Warnings" term="warnings" count={check.warnings.length} />
      </dl>
      {blocked && (
        <>
          <p className="error">{t("blocked")}</p>
          <h3>{t("errors")}</h3>
          <Messages label={t("errors")} items={check.errors} error />
        </>
      )}
      {check.warnings.length > 0 && (
        <>
          <h3>{t("warnings")}</h3>
          <Messages label={t("warnings")} items={check.warnings} />
        </>
      )}
      {!blocked && (
        <>
          <ExistingRows />
          <SaveActions />
          <SaveOutcome />
          <UserTable />
        </>
      )}
    </section>
  );
}

/** One count, marked bad when it is a problem; `name` (English, for the code) marks its value. */
function Count(props: { name: string; term: Key; count: number; bad?: boolean }) {
  const t = useT(TOOLS_CSV);
  return (
    <div className={props.bad ? "bad" : undefined}>
      <dt>{t(props.term)}</dt>
      <dd data-count={props.name}>{props.count}</dd>
    </div>
  );
}

/** A message of the rules or of the server in the language shown, by its code; a row's with
 * 'Row n: ' said apart. */
function messageText(t: Translate<Key>, m: ImportMessage | string): string {
  if (typeof m === "string" || m.row === undefined) return serverText(m);
  const said = serverText({ code: m.code, params: m.params, message: render(m.code, m.params) });
  return t("rowMessage", { row: String(m.row), message: said });
}

/** A list of messages (errors in red), one a line. */
function Messages(
  props: { label: string; items: readonly (ImportMessage | string)[]; error?: boolean },
) {
  const t = useT(TOOLS_CSV);
  return (
    <ul className={props.error ? "messages error" : "messages"} aria-label={props.label}>
      {props.items.map((m) => {
        const key = typeof m === "string" ? m : m.message;
        return <li key={key}>{messageText(t, m)}</li>;
      })}
    </ul>
  );
}

/** Save to Database and Download CSV, with the progress of a large save. */
function SaveActions() {
  const t = useT(TOOLS_CSV);
  const saving = useCsvImport((s) => s.saving);
  const { save, resultsFile } = useCsvImport.getState();
  return (
    <>
      <div className="tool-buttons">
        <button type="button" className="primary" disabled={saving > 0} onClick={save}>
          {saving > 0 ? t("saving") : t("saveToDatabase")}
        </button>
        <button
          type="button"
          onClick={() => {
            const file = resultsFile();
            if (file !== null) downloadFile(file.name, file.content, CSV_MEDIA_TYPE);
          }}
        >
          {t("downloadCsv")}
        </button>
      </div>
      {saving >= LARGE_IMPORT && (
        <div className="save-progress" role="status">
          <progress aria-label={t("savingUsers")} />
          <span>{t("savingProgress", { count: saving })}</span>
        </div>
      )}
    </>
  );
}

/** What the server refused: the users not saved, or why it refused all (the counts of a save are
 * in the status line, not repeated here). */
function SaveOutcome() {
  const t = useT(TOOLS_CSV);
  const failed = useCsvImport((s) => s.saved?.failed ?? NO_MESSAGES);
  const refused = useCsvImport((s) => s.refused);
  return (
    <>
      {failed.length > 0 && <Messages label={t("usersNotSaved")} items={failed} error />}
      {refused.length > 0 && <Messages label={t("whyRefused")} items={refused} error />}
    </>
  );
}

const NO_MESSAGES: readonly string[] = [];
const NO_USERS: readonly ImportedUser[] = [];

/** An email that may break after its '@' (never inside a word), so the preview fits 1280 px; kept
 * left to right in a right-to-left page. */
function emailCell(email: string): ReactNode {
  const at = email.indexOf("@");
  if (at === -1) return <bdi>{email}</bdi>;
  return (
    <bdi>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </bdi>
  );
}

/** A field's cell in the preview: codes, emails and phone numbers isolated, so a right-to-left
 * page keeps them as written. */
function previewCell(f: AccountField, u: ImportedUser, t: Translate<Key>): ReactNode {
  const value = String(u[(f.importColumn!.key ?? f.name) as keyof ImportedUser] ?? "");
  switch (f.kind) {
    case "code":
    case "tel":
      return <bdi>{value}</bdi>;
    case "email":
      return emailCell(value);
    case "gender":
      return t(value === "Female" ? "female" : "male");
    default:
      return value;
  }
}

/** The preview's columns after the row's: every field an import reads (rules/account_fields.ts),
 * Position and Work Phone included; free texts wrap. */
const PREVIEW: readonly AccountField[] = IMPORT_FIELDS;
const CELL_CLASS: Partial<Record<FieldKind, string>> = { code: "mono", text: "wraps" };

/** The users ready, in a region of their own that scrolls sideways rather than cutting columns. */
function UserTable() {
  const t = useT(TOOLS_CSV);
  const label = useT(FIELDS);
  const users = useCsvImport((s) => s.check?.users ?? NO_USERS);
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={t("usersToImport")}>
      <table className="tool-table users-table">
        <caption>{t("usersToImport")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("row")}</th>
            {PREVIEW.map((f) => (
              <th key={f.name} scope="col">
                {label((f.importColumn!.key ?? f.label) as FieldLabel)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.row}>
              <td>{String(u.row)}</td>
              {PREVIEW.map((f) => (
                <td key={f.name} className={CELL_CLASS[f.kind]}>{previewCell(f, u, t)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
