// Which 2nd Dest the check used (issue 52, second_dest.ts), under the messages read: the one the
// converter converted this flight with, or none; and a 2nd Dest of the converter that was left
// out, with why. Only for a paste with an FFM: the 2nd Dest places the FFM's ULDs.

import type { FlightCheckResult } from "../../../../engine/flight/types.ts";
import { useFlightCheck } from "./flight_check.ts";
import { CONV_FLIGHT } from "./texts/conv_flight.ts";
import { useT } from "../../i18n/i18n.ts";

/** The 2nd Dest lines of the result shown. */
export function SecondDestNote({ result }: { result: FlightCheckResult }) {
  const t = useT(CONV_FLIGHT);
  const use = useFlightCheck((s) => s.secondDest);
  if (use === null || !result.messages.some((m) => m.kind === "FFM")) return null;
  const { used, flight, leftOut } = use;
  return (
    <>
      <p className="flight-uws-note flight-second-dest">
        {used === "" ? t("secondDestNone") : t("secondDestUsed", { code: used, flight })}
      </p>
      {leftOut !== null && (
        <p className="flight-uws-note flight-second-dest">
          {leftOut.typedFor === null
            ? t("secondDestNotConverted", { code: leftOut.code, flight })
            : t("secondDestNotUsed", { code: leftOut.code, typedFor: leftOut.typedFor, flight })}
        </p>
      )}
    </>
  );
}
