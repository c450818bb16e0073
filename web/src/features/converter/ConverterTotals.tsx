// The converter's side panel: the read-only [Total] block and the [Destinations] table with its
// '1st Dest' and '2nd Dest' columns. The 2nd Dest cell is the field the user types an airport in;
// when it is empty it shows the second destination the conversion found in the manifest, so the
// column never has weights under an empty name.

import type { DestinationTotals } from "../../../../engine/types.ts";
import { CONV_PAGE } from "./texts/conv_page.ts";
import { type Translate, useT } from "../../i18n/i18n.ts";
import english from "./locales/en/conv_page.json" with { type: "json" };
import { Rich } from "../../i18n/Rich.tsx";
import { useConverter } from "./converter.ts";
import { type ReferenceSource, useReference } from "../database/reference.ts";
import { StaleBadge } from "./ConverterStatus.tsx";

type Key = keyof typeof english;

/** A figure as the panel shows it: net weights to one decimal (design 4.2: 1448.0). */
function figure(key: string, value: number | string | undefined): string {
  if (value === undefined) return "";
  return key === "netWeight" && typeof value === "number" ? value.toFixed(1) : String(value);
}

const ROWS: [Key, keyof DestinationTotals][] = [
  ["rowDestination", "destination"],
  ["grossWeight", "grossWeight"],
  ["netWeight", "netWeight"],
  ["tareWeight", "tareWeight"],
  ["ulds", "numberOfUlds"],
  ["bulkLoad", "bulkLoad"],
];

/** Where the reference lists in use came from, as the panel's footnote says it. */
function sourceText(t: Translate<Key>, source: ReferenceSource | null): string {
  return source === "server"
    ? t("sourceServer")
    : source === "cache"
    ? t("sourceCache")
    : source === null
    ? t("sourceLoading")
    : t("sourceBuiltIn");
}

/** [Total] and [Destinations], with the 2nd Dest field. */
export function TotalsPanel() {
  const t = useT(CONV_PAGE);
  const stale = useConverter((s) => s.stale);
  const source = useReference((s) => s.source);
  return (
    <aside
      className={stale ? "section totals stale" : "section totals"}
      aria-label={t("totalsLabel")}
    >
      <TotalBlock stale={stale} />
      <DestinationsBlock />
      <p className="notice totals-source">
        {t("referenceLists", { source: sourceText(t, source) })}
      </p>
    </aside>
  );
}

/** [Total]: the conversion's totals, '-' until a conversion succeeds. */
function TotalBlock(props: { stale: boolean }) {
  const t = useT(CONV_PAGE);
  const result = useConverter((s) => s.result);
  return (
    <div className="totals-block">
      <h2>{t("totalHeading")} {props.stale && <StaleBadge />}</h2>
      <dl className="totals-figures">
        {([
          ["grossWeight", result?.totalGrossWeight],
          ["netWeight", result?.ok ? figure("netWeight", result.totalNetWeight) : undefined],
          ["tareWeight", result?.totalTareWeight],
          ["ulds", result?.numberOfUlds],
          ["bulkLoad", result?.bulkLoad],
        ] as const).map(([key, value]) => (
          <div key={key}>
            <dt>{t(key)}</dt>
            {/* named by the spec's English label in every language (the tests find it so) */}
            <dd data-total={english[key]}>{result?.ok ? value : "-"}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** [Destinations]: a row a figure, the 1st and 2nd Dest columns. */
function DestinationsBlock() {
  const t = useT(CONV_PAGE);
  const result = useConverter((s) => s.result);
  const secondDest = useConverter((s) => s.secondDest);
  const first = result?.ok ? result.firstDestination : null;
  const second = result?.ok ? result.secondDestination : null;
  // found in the manifest, not typed: shown in the field, replaced by what the user types
  const found = secondDest === "" ? second?.destination ?? "" : "";
  return (
    <div className="totals-block">
      <h2>{t("destinationsHeading")}</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">{t("figure")}</span>
            </th>
            <th scope="col">{t("firstDest")}</th>
            <th scope="col">{t("secondDest")}</th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map(([label, key]) => (
            <tr key={key}>
              <th scope="row">{t(label)}</th>
              <td data-dest="1" data-row={key}>{figure(key, first?.[key])}</td>
              <td
                data-dest="2"
                data-row={key}
                className={key === "destination" ? undefined : "hl-second-cell"}
              >
                {key === "destination"
                  ? <SecondDestField found={found} typed={secondDest} />
                  : figure(key, second?.[key])}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {found !== "" && (
        <p className="notice" id="second-dest-found">
          <Rich text={t("secondDestFound", { code: found })} parts={[<bdi key="code" />]} />
        </p>
      )}
    </div>
  );
}

/** The 2nd Dest field: what the user typed, else the airport found in the manifest. */
function SecondDestField(props: { found: string; typed: string }) {
  const { found } = props;
  const t = useT(CONV_PAGE);
  const update = useConverter((s) => s.update);
  return (
    <input
      aria-label={t("secondDest")}
      aria-describedby={found !== "" ? "second-dest-found" : undefined}
      className={found !== "" ? "second-dest found" : "second-dest"}
      value={found !== "" ? found : props.typed}
      maxLength={3}
      autoCapitalize="characters"
      spellCheck={false}
      // typing replaces the airport found in the manifest
      onFocus={(e) => found !== "" && e.target.select()}
      onChange={(e) => update({ secondDest: e.target.value.toUpperCase() })}
    />
  );
}
