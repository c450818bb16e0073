import { catalogue } from "../i18n.ts";
import en from "../locales/en/fields.json" with { type: "json" };

/** The account fields' labels (api/rules/account_fields.ts names each field's key), one entry for
 * every screen that shows the field; a `…Sentence` key is the sentence-case wording some screens
 * use. */
export const FIELDS = catalogue("fields", en);

/** The key of a field's label (an account field's `label` in api/rules/account_fields.ts). */
export type FieldLabel = (typeof FIELDS)["keys"][number];
