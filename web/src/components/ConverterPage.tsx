// The FFM to UWS converter: FFM, NTM and UWS panels, totals per destination, Convert & Copy
// (Ctrl+Enter), the NTM match, and the engine's warnings. The work runs in the engine worker.

import { useEffect, useState } from "react";
import type { ConversionResult, DestinationTotals, MatchResult } from "../../../engine/types.ts";
import { runEngine } from "../engine/bridge.ts";
import { useConnectivity } from "../stores/connectivity.ts";
import { useReference } from "../stores/reference.ts";
import { useSession } from "../stores/session.ts";
import { AccessDenied } from "./AccessDenied.tsx";
import { Frame } from "./Frame.tsx";

const ROWS: [string, keyof DestinationTotals][] = [
  ["Destination", "destination"],
  ["Gross weight", "grossWeight"],
  ["Net weight", "netWeight"],
  ["Tare weight", "tareWeight"],
  ["ULDs", "numberOfUlds"],
  ["Bulk Load", "bulkLoad"],
];

/** Copies text; false when the browser refuses. */
async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The converter screen, for users who have the app. */
export function ConverterPage() {
  const user = useSession((s) => s.user);
  if (user === null) return null;
  if (!user.accessibleApps.includes("ffm-to-uws")) {
    return <AccessDenied app="FFM to UWS Converter" />;
  }
  return <Converter />;
}

function Converter() {
  const online = useConnectivity((s) => s.online);
  const reference = useReference();
  const [ffm, setFfm] = useState("");
  const [ntm, setNtm] = useState("");
  const [matchNtm, setMatchNtm] = useState(false);
  const [editable, setEditable] = useState(false);
  const [showPer, setShowPer] = useState(false);
  const [secondDest, setSecondDest] = useState("");
  const [output, setOutput] = useState("");
  const [result, setResult] = useState<ConversionResult | null>(null);
  const [match, setMatch] = useState<MatchResult | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    void reference.load();
  }, []);

  // a run longer than 150 ms shows progress; the worker keeps the page usable meanwhile
  useEffect(() => {
    if (!busy) return setSlow(false);
    const timer = setTimeout(() => setSlow(true), 150);
    return () => clearTimeout(timer);
  }, [busy]);

  async function convert(andCopy: boolean) {
    if (ffm.trim() === "") return setMessage({ ok: false, text: "Please enter FFM input first." });
    setBusy(true);
    setMessage(null);
    try {
      const r = await runEngine(
        "convert",
        (engine) =>
          engine.convertFfm(ffm, {
            ...reference.options,
            secondDestination: secondDest,
            showPerInUws: showPer,
          }),
      );
      if (r === null) return;
      setResult(r);
      if (!r.ok) {
        setOutput("");
        setMatch(null);
        return setMessage({ ok: false, text: `Failed to convert FFM to UWS: ${r.error}` });
      }
      setOutput(r.uwsOutput);
      if (matchNtm && ntm.trim() !== "") {
        const m = await runEngine(
          "match",
          (engine) =>
            engine.matchUwsNtm(r.uwsOutput, ntm, {
              dgslCodes: reference.options.dgslCodes,
              xdgslCodes: reference.options.xdgslCodes,
            }),
        );
        setMatch(m);
        if (m !== null && !m.ok) {
          setMessage({ ok: false, text: `Failed to match UWS and NTM: ${m.error}` });
        }
      } else setMatch(null);
      if (andCopy) {
        setMessage(
          (await copy(r.uwsOutput))
            ? { ok: true, text: "UWS converted and copied to the clipboard" }
            : {
              ok: false,
              text:
                "Converted successfully, but failed to copy to clipboard. Please copy manually from the output field.",
            },
        );
      }
    } catch (err) {
      setMessage({
        ok: false,
        text: `Failed to convert FFM to UWS: ${err instanceof Error ? err.message : String(err)}`,
      });
    } finally {
      setBusy(false);
    }
  }

  const first = result?.ok ? result.firstDestination : null;
  const second = result?.ok ? result.secondDestination : null;
  return (
    <Frame title="FFM to UWS Converter" subtitle="Load control UWS from the cargo manifest">
      {!online && (
        <div className="banner warning" role="status">
          You are currently offline. Data will be synced when online.
        </div>
      )}
      <div
        className="converter"
        onKeyDown={(e) => {
          if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void convert(true);
          }
        }}
      >
        <section className="section">
          <label>
            Enter FFM input
            <textarea
              className="message"
              value={ffm}
              placeholder="Paste your FFM message here..."
              spellCheck={false}
              onChange={(e) => setFfm(e.target.value.toUpperCase())}
            />
          </label>
          <label>
            NTM input (optional)
            <textarea
              className="message short"
              value={ntm}
              placeholder="Paste NTM message here to match with UWS..."
              spellCheck={false}
              onChange={(e) => setNtm(e.target.value.toUpperCase())}
            />
          </label>
          <label className="toggle">
            <input
              type="checkbox"
              checked={matchNtm}
              onChange={(e) => setMatchNtm(e.target.checked)}
            />{" "}
            Match NTM
          </label>
        </section>
        <section className="section">
          <label>
            UWS output
            <textarea
              className="message"
              value={output}
              readOnly={!editable}
              spellCheck={false}
              onChange={(e) => setOutput(e.target.value.toUpperCase())}
            />
          </label>
          <div className="switches">
            <label className="toggle">
              <input
                type="checkbox"
                checked={editable}
                onChange={(e) => setEditable(e.target.checked)}
              />{" "}
              Make UWS editable
            </label>
            <label className="toggle">
              <input
                type="checkbox"
                checked={showPer}
                onChange={(e) => setShowPer(e.target.checked)}
              />{" "}
              Show PER in UWS
            </label>
          </div>
          {slow && <progress className="progress" aria-label="Converting">Converting…</progress>}
          <p className={message?.ok ? "success" : "error"} role="status" aria-live="polite">
            {message?.text}
          </p>
          <div className="actions">
            <button
              type="button"
              onClick={() => {
                setFfm("");
                setNtm("");
                setOutput("");
                setResult(null);
                setMatch(null);
                setMessage(null);
                setSecondDest("");
              }}
            >
              Clear all
            </button>
            <button
              type="button"
              onClick={async () =>
                setMessage(
                  output === ""
                    ? { ok: false, text: "Nothing to copy yet" }
                    : (await copy(output))
                    ? { ok: true, text: "UWS copied to the clipboard" }
                    : { ok: false, text: "Failed to copy to clipboard. Please copy manually." },
                )}
            >
              Copy Output
            </button>
            <button
              type="button"
              className="primary"
              disabled={busy}
              onClick={() => void convert(true)}
              title="Ctrl+Enter"
            >
              {busy ? "Converting…" : "Convert & Copy"}
            </button>
          </div>
          {result !== null && result.warnings.length > 0 && (
            <details className="warnings" open>
              <summary>
                {result.warnings.length} warning{result.warnings.length === 1 ? "" : "s"}
              </summary>
              <ul>
                {result.warnings.map((w, i) => (
                  <li key={i}>{w.line > 0 ? `Line ${w.line}: ` : ""}{w.message}</li>
                ))}
              </ul>
            </details>
          )}
          {match?.ok && (
            <div className="match">
              <p>{match.message}</p>
              <ul>
                {match.results.map((m, i) => (
                  <li key={i} className={m.color}>
                    {m.type.toUpperCase()} {m.uldId} {m.dgslList.join(".") || "-"}: {m.color}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </section>
        <aside className="section totals">
          <h2>[Total]</h2>
          <dl className="readonly">
            {([
              ["Gross weight", result?.totalGrossWeight],
              ["Net weight", result?.totalNetWeight],
              ["Tare weight", result?.totalTareWeight],
              ["ULDs", result?.numberOfUlds],
              ["Bulk Load", result?.bulkLoad],
            ] as const).map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd data-total={label}>{result?.ok ? value : "-"}</dd>
              </div>
            ))}
          </dl>
          <h2>[Destinations]</h2>
          <table>
            <thead>
              <tr>
                <th scope="col"></th>
                <th scope="col">1st Dest</th>
                <th scope="col">2nd Dest</th>
              </tr>
            </thead>
            <tbody>
              {ROWS.map(([label, key]) => (
                <tr key={key}>
                  <th scope="row">{label}</th>
                  <td>{first?.[key] ?? ""}</td>
                  <td>
                    {key === "destination"
                      ? (
                        <input
                          aria-label="2nd Dest"
                          value={secondDest}
                          maxLength={3}
                          onChange={(e) => setSecondDest(e.target.value.toUpperCase())}
                        />
                      )
                      : second?.[key] ?? ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="notice">
            Reference lists: {reference.source === "server"
              ? "from the server"
              : reference.source === "cache"
              ? "the last ones seen (server unreachable)"
              : reference.source === null
              ? "loading…"
              : "built-in (server unreachable)"}
          </p>
        </aside>
      </div>
    </Frame>
  );
}
