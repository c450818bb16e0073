// The Database tab's add / remove form of the list on screen (a super admin's only), and the one
// deletion question both this form and the entry list ask.

import { useState } from "react";
import type { ReferenceList } from "../../../../api/store/records.ts";
import { CONV_DB } from "./texts/conv_db.ts";
import { useT } from "../../i18n/i18n.ts";
import { type Category, type EntryInput, entryInput, fieldsOf, useDatabase } from "./database.ts";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";

/** The longest name of an entry of each list. */
export const NAME_LIMIT: Record<ReferenceList, number> = {
  ulds: 3,
  dgsl: 3,
  xdgsl: 3,
  lightake: 10,
};

/** The example name each list's name field shows. */
const EXAMPLE: Record<ReferenceList, string> = {
  ulds: "AKE",
  dgsl: "RFL",
  xdgsl: "AVD",
  lightake: "AKE11223MS",
};

const EMPTY: Required<EntryInput> = { name: "", weight: "", description: "" };

/** Asks before an entry is deleted, with the spec's wording. */
export function ConfirmDelete(
  props: { name: string; onCancel: () => void; onConfirm: () => void },
) {
  const t = useT(CONV_DB);
  return (
    <ConfirmDialog
      title={t("confirmTitle")}
      text={t("confirmText", { name: props.name })}
      confirmLabel={t("confirmYes")}
      onCancel={props.onCancel}
      onConfirm={props.onConfirm}
    />
  );
}

/** Adds an entry, or removes the one the typed name names after asking; clears when done. */
export function EntryForm(props: { category: Category }) {
  const t = useT(CONV_DB);
  const { list, label } = props.category;
  const busy = useDatabase((s) => s.busy);
  const [input, setInput] = useState<Required<EntryInput>>(EMPTY);
  const { add, findToRemove, remove } = useDatabase.getState();
  const [removing, setRemoving] = useState<{ _id: string; name: string } | null>(null);
  return (
    <form
      className="section"
      aria-label={t("formLabel", { label })}
      noValidate // the spec's own texts, not the browser's, tell what is wrong
      onSubmit={async (e) => {
        e.preventDefault();
        if (await add(list, entryInput(list, input))) setInput(EMPTY);
      }}
    >
      <EntryFields
        category={props.category}
        input={input}
        onChange={(patch) => setInput({ ...input, ...patch })}
      />
      <div className="actions">
        <button
          type="button"
          disabled={busy}
          onClick={() => setRemoving(findToRemove(list, input.name))}
        >
          {t("remove", { label })}
        </button>
        <button type="submit" className="primary" disabled={busy}>{t("add", { label })}</button>
      </div>
      {removing !== null && (
        <ConfirmDelete
          name={removing.name}
          onCancel={() => setRemoving(null)}
          onConfirm={async () => {
            setRemoving(null);
            if (await remove(list, removing._id)) setInput(EMPTY);
          }}
        />
      )}
    </form>
  );
}

/** The labelled inputs of the add form: the name, and the weight and description where the list has them. */
function EntryFields(
  props: {
    category: Category;
    input: Required<EntryInput>;
    onChange: (patch: Partial<EntryInput>) => void;
  },
) {
  const t = useT(CONV_DB);
  const { list, label } = props.category;
  const { input, onChange } = props;
  const has = fieldsOf(list);
  return (
    <div className="entry-form">
      <label>
        {t("nameField", { label })}
        <input
          value={input.name}
          maxLength={NAME_LIMIT[list]}
          placeholder={t("example", { code: EXAMPLE[list] })}
          autoCapitalize="characters"
          onChange={(e) => onChange({ name: e.target.value.toUpperCase() })}
        />
      </label>
      {has.weight && (
        <label>
          {t(list === "lightake" ? "weightOptional" : "weightField")}
          <input
            type="number"
            min={1}
            max={10000}
            step="any"
            inputMode="decimal"
            value={input.weight}
            onChange={(e) => onChange({ weight: e.target.value })}
          />
        </label>
      )}
      {has.description && (
        <label>
          {t("descriptionOptional")}
          <input
            value={input.description}
            maxLength={200}
            onChange={(e) => onChange({ description: e.target.value })}
          />
        </label>
      )}
    </div>
  );
}
