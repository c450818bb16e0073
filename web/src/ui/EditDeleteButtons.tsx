// The Edit and Delete pair of a list entry (a Database entry, an AI Memory note): the visible
// words are the shared ones, the accessible names say which entry each acts on.

import { COMMON } from "../i18n/areas/common.ts";
import { useT } from "../i18n/i18n.ts";

/** Edit and Delete for one entry, named for it ('Edit BAG', 'Delete BAG') for assistive
 * technology, in a `span` inside a line of text or a `div` below a card. */
export function EditDeleteButtons(
  props: {
    editName: string;
    deleteName: string;
    onEdit: () => void;
    onDelete: () => void;
    inline?: boolean;
  },
) {
  const common = useT(COMMON);
  const Box = props.inline ? "span" : "div";
  return (
    <Box className="actions">
      <button type="button" aria-label={props.editName} onClick={props.onEdit}>
        {common("edit")}
      </button>
      <button type="button" aria-label={props.deleteName} onClick={props.onDelete}>
        {common("delete")}
      </button>
    </Box>
  );
}
