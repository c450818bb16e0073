// The Database tab's list of entries: those matching the search, each edited in place or deleted
// after a question (a super admin's only).

import { useState } from "react";
import type { ReferenceList } from "../../../../api/store/records.ts";
import { COMMON } from "../../i18n/areas/common.ts";
import { CONV_DB } from "./texts/conv_db.ts";
import { useT } from "../../i18n/i18n.ts";
import { Rich } from "../../i18n/Rich.tsx";
import { type Category, entryInput, fieldsOf, useDatabase } from "./database.ts";
import { ConfirmDelete, NAME_LIMIT } from "./DatabaseEntryForm.tsx";
import { EditDeleteButtons } from "../../ui/EditDeleteButtons.tsx";

/** An entry as the list shows it: the server's record, or a name (and weight) of the lists in use. */
export interface Row {
  _id?: string;
  name: string;
  weight?: number;
  description?: string;
  updatedBy?: string;
  updatedAt?: string;
}

/** The entries that match the search, each with Edit and Delete for a super admin. */
export function EntryList(
  props: { category: Category; rows: Row[]; search: string; canWrite: boolean },
) {
  const t = useT(CONV_DB);
  const { list, label } = props.category;
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const words = props.search.trim().toUpperCase();
  const shown = words === ""
    ? props.rows
    : props.rows.filter((r) =>
      r.name.includes(words) || (r.description ?? "").toUpperCase().includes(words)
    );
  return (
    <>
      <p className="notice" aria-live="polite">
        {t("showing", { shown: shown.length, total: props.rows.length })}
      </p>
      {shown.length === 0
        ? <p className="empty">{t("noMatch", { label })}</p>
        : (
          <ul className="entries" aria-label={t("entriesLabel", { label })} tabIndex={0}>
            {shown.map((row) =>
              row._id !== undefined && editing === row._id
                ? (
                  <EditRow
                    key={row._id}
                    list={list}
                    row={row}
                    onDone={() => setEditing(null)}
                  />
                )
                : (
                  <EntryItem
                    key={row._id ?? row.name}
                    row={row}
                    canWrite={props.canWrite}
                    onEdit={() => setEditing(row._id!)}
                    onDelete={() => setDeleting(row)}
                  />
                )
            )}
          </ul>
        )}
      {deleting !== null && (
        <ConfirmDelete
          name={deleting.name}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const id = deleting._id!;
            setDeleting(null);
            void useDatabase.getState().remove(list, id);
          }}
        />
      )}
    </>
  );
}

/** One entry: its name, weight, description and last editor, with Edit and Delete. */
function EntryItem(
  props: { row: Row; canWrite: boolean; onEdit: () => void; onDelete: () => void },
) {
  const t = useT(CONV_DB);
  const { row } = props;
  return (
    <li>
      <span className="entry-name">{row.name}</span>
      <span className="entry-meta">
        {row.weight !== undefined ? t("weightKg", { weight: row.weight }) : ""}
        {row.description ? ` ${row.description}` : ""}
        {row.updatedBy && (
          <>
            {" · "}
            <Rich text={t("by", { user: row.updatedBy })} parts={[<bdi key="user" />]} />
          </>
        )}
      </span>
      {props.canWrite && row._id !== undefined && (
        <EditDeleteButtons
          inline
          editName={t("editLabel", { name: row.name })}
          deleteName={t("deleteLabel", { name: row.name })}
          onEdit={props.onEdit}
          onDelete={props.onDelete}
        />
      )}
    </li>
  );
}

/** One entry edited in place; Escape or Cancel leaves it as it was. */
function EditRow(props: { list: ReferenceList; row: Row; onDone: () => void }) {
  const t = useT(CONV_DB);
  const common = useT(COMMON);
  const { list, row } = props;
  const [name, setName] = useState(row.name);
  const [weight, setWeight] = useState(row.weight === undefined ? "" : String(row.weight));
  const [description, setDescription] = useState(row.description ?? "");
  const busy = useDatabase((s) => s.busy);
  const has = fieldsOf(list);
  return (
    <li>
      <form
        className="edit-row"
        noValidate
        aria-label={t("editLabel", { name: row.name })}
        onSubmit={async (e) => {
          e.preventDefault();
          const input = entryInput(list, { name, weight, description });
          const ok = await useDatabase.getState().edit(list, row._id!, input);
          if (ok) props.onDone();
        }}
        onKeyDown={(e) => {
          if (e.key === "Escape") props.onDone();
        }}
      >
        <input
          aria-label={t("name")}
          value={name}
          maxLength={NAME_LIMIT[list]}
          autoFocus
          onChange={(e) => setName(e.target.value.toUpperCase())}
        />
        {has.weight && (
          <input
            aria-label={t("weightField")}
            type="number"
            min={1}
            max={10000}
            step="any"
            value={weight}
            onChange={(e) => setWeight(e.target.value)}
          />
        )}
        {has.description && (
          <input
            aria-label={t("description")}
            value={description}
            maxLength={200}
            onChange={(e) => setDescription(e.target.value)}
          />
        )}
        <button type="submit" className="primary" disabled={busy}>{common("save")}</button>
        <button type="button" onClick={props.onDone}>{common("cancel")}</button>
      </form>
    </li>
  );
}
