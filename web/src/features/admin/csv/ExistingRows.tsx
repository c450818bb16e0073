// The rows of a CSV import that name accounts that exist (issue 52 item 7): each with the fields
// it would change, as the dry run found them, and the admin's choice to overwrite or skip them,
// without which the save does not start.

import { type FieldLabel, FIELDS } from "../../../i18n/areas/fields.ts";
import { useT } from "../../../i18n/i18n.ts";
import type { AuditChange } from "../../../../../api/rules/audit.ts";
import { useCsvImport } from "./csv_import.ts";
import { TOOLS_CSV } from "./texts/tools_csv.ts";

const LABELS: readonly string[] = FIELDS.keys;

/** One row's changes in words: "Email: a → b; Last Name: c → d", or "no changes". */
function ChangeList(props: { changes: readonly AuditChange[] }) {
  const t = useT(TOOLS_CSV);
  const field = useT(FIELDS);
  if (props.changes.length === 0) return <>{t("noChanges")}</>;
  const value = (v: string) => v === "" ? t("emptyValue") : v;
  return (
    <ul className="csv-changes">
      {props.changes.map((c) => (
        <li key={c.field}>
          {t("changeLine", {
            field: LABELS.includes(c.field) ? field(c.field as FieldLabel) : c.field,
            from: value(c.from),
            to: value(c.to),
          })}
        </li>
      ))}
    </ul>
  );
}

/** The rows of existing accounts and the choice to overwrite or skip them; nothing without. */
export function ExistingRows() {
  const t = useT(TOOLS_CSV);
  const existing = useCsvImport((s) => s.existing);
  const choice = useCsvImport((s) => s.existingChoice);
  const choose = useCsvImport((s) => s.chooseExisting);
  if (existing.length === 0) return null;
  return (
    <section className="csv-existing" aria-labelledby="csv-existing-title">
      <h3 id="csv-existing-title">{t("existingTitle", { count: existing.length })}</h3>
      <ul className="messages" aria-labelledby="csv-existing-title">
        {existing.map((r) => (
          <li key={r.row}>
            <span>{t("existingRow", { row: String(r.row), code: r.employeeCode })}</span>
            <ChangeList changes={r.changes} />
          </li>
        ))}
      </ul>
      <fieldset className="csv-existing-choice">
        <legend>{t("existingChoice")}</legend>
        <label>
          <input
            type="radio"
            name="csv-existing"
            checked={choice === "overwrite"}
            onChange={() => choose("overwrite")}
          />
          {t("existingOverwrite")}
        </label>
        <label>
          <input
            type="radio"
            name="csv-existing"
            checked={choice === "skip"}
            onChange={() => choose("skip")}
          />
          {t("existingSkip")}
        </label>
      </fieldset>
    </section>
  );
}
