// The Database tab's add / remove form of the list on screen (a super admin's only), and the one
// deletion question both this form and the entry list ask.

import { useState } from "react";
import type { ReferenceList } from "../../../api/store.ts";
import {
  type Category,
  type EntryInput,
  entryInput,
  fieldsOf,
  useDatabase,
} from "../stores/database.ts";
import { ConfirmDialog } from "./ConfirmDialog.tsx";

/** The longest name of an entry of each list. */
export const NAME_LIMIT: Record<ReferenceList, number> = {
  ulds: 3,
  dgsl: 3,
  xdgsl: 3,
  lightake: 10,
};

const PLACEHOLDER: Record<ReferenceList, string> = {
  ulds: "e.g. AKE",
  dgsl: "e.g. RFL",
  xdgsl: "e.g. AVD",
  lightake: "e.g. AKE11223MS",
};

const EMPTY: Required<EntryInput> = { name: "", weight: "", description: "" };

/** Asks before an entry is deleted, with the spec's wording. */
export function ConfirmDelete(
  props: { name: string; onCancel: () => void; onConfirm: () => void },
) {
  return (
    <ConfirmDialog
      title="Confirm Deletion"
      text={`Are you sure you want to delete ${props.name}? This action cannot be undone.`}
      confirmLabel="Yes, Delete"
      onCancel={props.onCancel}
      onConfirm={props.onConfirm}
    />
  );
}

/** Adds an entry, or removes the one the typed name names after asking; clears when done. */
export function EntryForm(props: { category: Category }) {
  const { list, label } = props.category;
  const busy = useDatabase((s) => s.busy);
  const [input, setInput] = useState<Required<EntryInput>>(EMPTY);
  const { add, findToRemove, remove } = useDatabase.getState();
  const [removing, setRemoving] = useState<{ _id: string; name: string } | null>(null);
  return (
    <form
      className="section"
      aria-label={`Add or remove ${label}`}
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
          Remove {label}
        </button>
        <button type="submit" className="primary" disabled={busy}>Add {label}</button>
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
  const { list, label } = props.category;
  const { input, onChange } = props;
  const has = fieldsOf(list);
  return (
    <div className="entry-form">
      <label>
        {label} name
        <input
          value={input.name}
          maxLength={NAME_LIMIT[list]}
          placeholder={PLACEHOLDER[list]}
          autoCapitalize="characters"
          onChange={(e) => onChange({ name: e.target.value.toUpperCase() })}
        />
      </label>
      {has.weight && (
        <label>
          Weight (kg){list === "lightake" ? " (optional)" : ""}
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
          Description (optional)
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
